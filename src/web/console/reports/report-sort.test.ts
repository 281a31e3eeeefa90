import { describe, expect, it } from "vitest";
import { readSort, writeSort } from "./report-sort.ts";

describe("a report table's sorting in the address", () => {
  it("reads each table's own sort parameter", () => {
    const params = new URLSearchParams("sort=by_source.revenue.desc&sort=by_brand.sold.asc&period=7d");
    expect(readSort(params, "by_source")).toEqual([{ id: "revenue", desc: true }]);
    expect(readSort(params, "by_brand")).toEqual([{ id: "sold", desc: false }]);
    expect(readSort(params, "by_buyer")).toEqual([]);
  });

  it("ignores a value it cannot read", () => {
    for (const bad of ["by_source", "by_source.revenue", "by_source.revenue.up", "by_source..desc", "a.b.asc.x"])
      expect(readSort(new URLSearchParams({ sort: bad }), bad.split(".")[0]!)).toEqual([]);
  });

  it("replaces one table's sorting and keeps the others and every other parameter", () => {
    const params = new URLSearchParams("period=7d&sort=by_source.revenue.desc&sort=by_brand.sold.asc");
    const next = writeSort(params, "by_source", [{ id: "profit", desc: false }]);
    expect(next.get("period")).toBe("7d");
    expect(next.getAll("sort")).toEqual(["by_brand.sold.asc", "by_source.profit.asc"]);
    expect(writeSort(next, "by_brand", []).getAll("sort")).toEqual(["by_source.profit.asc"]);
    expect(params.getAll("sort")).toHaveLength(2);
  });
});
