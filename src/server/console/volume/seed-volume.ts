import { sql } from "drizzle-orm";
import { receiptKeyOf } from "../../partners/receipts/receipt-key.ts";
import { CONSENT_TEXTS } from "../../../domain/consent.ts";
import type { Db } from "../../platform/db/database.ts";
import { buyers } from "../../platform/db/schema.ts";
import { personHash } from "../../platform/security/person-hash.ts";
import { PiiCipher } from "../../platform/security/pii-cipher.ts";
import type { Secrets } from "../../platform/security/secrets.ts";
import { templateHash } from "../../intake/consent/consent-texts.ts";
import { FUNNEL_STEPS } from "../reports/funnel-steps.ts";
import { rowsOf } from "../reports/report-period.ts";
import { rebuildReportRollups } from "../reports/report-rollups-job.ts";
import { SEED_ID_DIGITS, SEED_ID_PREFIX } from "../../../domain/sample-data.ts";
import { refuseOverMoney, seedMoney, seedPublishers, type MoneyCounts } from "./seed-money.ts";
import { affiliateId, brandName, SEED_BUYER_PREFIX, seedBuyer, sourceName, USER_AGENTS } from "./seed-shape.ts";

// Volume for demos and the bench (issue 19, "Scale and speed"; issue 31; README, "Other commands"): leads that drop
// out along the funnel with their step history and consent, auctions, the pings and posts of every buyer, and the
// keyed hashes lead search compares. The database makes the rows (insert ... select from generate_series), a
// batch of leads per transaction; Node only computes the keyed hashes (HMAC with the server's token secret),
// sent back in one statement per batch. Then the money (seed-money.ts) and the reports' rollups. Seeding again
// first removes the earlier seed (seed-shape.ts says how its rows are recognised), as long as the ledger is still
// empty (docs/decisions/0045-seeded-volume.md).

export type SeedOptions = { leads: number; days: number; buyers: number; sources: number; brands: number };
export const SEED_DEFAULTS: SeedOptions = { leads: 500_000, days: 90, buyers: 20, sources: 10, brands: 2 };
const BATCH = 25_000;

export type SeedCounts = {
  leads: number;
  step_events: number;
  auctions: number;
  buyer_calls: number;
  lead_search_hashes: number;
  buyers: number;
};

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** The saves each path's leads make, in order: index, step number, history slug, the fields it changes. */
function stepValues() {
  const rows = (["main", "apply"] as const).flatMap((path) =>
    FUNNEL_STEPS[path]
      .filter((s) => !s.submission)
      .map((s, idx) => {
        const changes = JSON.stringify(Object.fromEntries(s.fields.map((f) => [f, "[seeded]"])));
        const slug = s.number === null ? "update" : s.step.slug;
        return sql`(${path === "apply"}::boolean, ${idx}::int, ${s.number}::int, ${slug}::text, ${changes}::jsonb)`;
      }),
  );
  return sql.join(rows, sql`, `);
}

const pathLength = (path: "main" | "apply") => FUNNEL_STEPS[path].filter((s) => !s.submission).length;

/** Removes an earlier seed: its leads (their history, auctions, calls and hashes go with them) and consents. */
async function removeSeed(db: Db) {
  const seeded = sql`like ${`${SEED_ID_PREFIX}%`}`;
  await db.execute(sql`delete from consent_records where lead_id ${seeded}`);
  await db.execute(sql`delete from leads where id ${seeded}`);
}

async function seedBuyers(db: Db, count: number) {
  for (let k = 1; k <= count; k++) {
    const config = seedBuyer(k);
    await db
      .insert(buyers)
      .values({ id: config.id, config, enabled: config.enabled })
      .onConflictDoUpdate({ target: buyers.id, set: { config, enabled: config.enabled, updatedAt: sql`now()` } });
  }
}

/** One batch of leads, numbered `first` to `last`, and everything that hangs off them. */
async function seedBatch(db: Db, secret: Buffer, o: SeedOptions, first: number, last: number, now: Date) {
  const quickStart = CONSENT_TEXTS.quick_start;
  const phones = textArray(USER_AGENTS.phone);
  const desktops = textArray(USER_AGENTS.desktop);
  const sources = textArray(Array.from({ length: o.sources }, (_, k) => sourceName(k)));
  const affiliates = textArray(Array.from({ length: o.sources }, (_, k) => affiliateId(k)));
  const brands = textArray(Array.from({ length: o.brands }, (_, k) => brandName(k)));
  const at = sql`${now.toISOString()}::timestamptz`;
  await db.transaction(async (tx) => {
    // The plan of each lead: when it came, from where, on which device and path, how far it got.
    await tx.execute(sql`create temp table seed_plan (
      n bigint, id text, created_at timestamptz, apply boolean, phone boolean, ua text, source text, aff_id text,
      sub_id text, brand text, saves int, pace float8, completed boolean, turned_away text
    ) on commit drop`);
    await tx.execute(sql`insert into seed_plan
      select n, ${SEED_ID_PREFIX} || lpad(n::text, ${SEED_ID_DIGITS}::int, '0'),
        -- spread over the days, a little busier lately; at least an hour old, so every save is in the past
        ${at} - interval '1 hour' - (${o.days}::float8 * 86400 - 3600) * power(r_time, 1.15) * interval '1 second',
        apply, phone,
        case when phone then (${phones})[1 + floor(r_ua * ${USER_AGENTS.phone.length}::int)::int]
          else (${desktops})[1 + floor(r_ua * ${USER_AGENTS.desktop.length}::int)::int] end,
        -- a few sources bring most of the traffic
        (${sources})[1 + floor(power(r_source, 1.8) * ${o.sources}::int)::int],
        (${affiliates})[1 + floor(power(r_source, 1.8) * ${o.sources}::int)::int],
        'sub' || (n % 7),
        (${brands})[1 + floor(power(r_brand, 2) * ${o.brands}::int)::int],
        saves, 15 + r_pace * 75,
        saves = case when apply then ${pathLength("apply")}::int else ${pathLength("main")}::int end and r_submit < 0.92,
        case when r_turned < 0.03 then 'duplicate' when r_turned < 0.05 then 'suppressed' end
      from (
        select n, random() as r_time, random() < 0.2 as apply, random() < 0.6 as phone, random() as r_ua,
          random() as r_source, random() as r_brand, random() as r_pace, random() as r_submit, random() as r_turned,
          -- steps saved: each step keeps about 97% (main) or 95% (apply) of those who reached it
          random() as r_saves
        from generate_series(${first}::bigint, ${last}::bigint) n
      ) r, lateral (select least(
          case when apply then ${pathLength("apply")}::int else ${pathLength("main")}::int end,
          floor(ln(1 - r_saves) / ln(case when apply then 0.95 else 0.97 end))::int) as saves) s`);

    await tx.execute(sql`insert into leads (id, access_token_hash, created_at, updated_at, loan_amount, loan_reason,
        email, first_name, last_name, cell_phone, zip, city, state, user_agent, utm_source, tracking_id, test_mode)
      select id, 'seeded: no access', created_at, created_at + (saves + 1) * pace * interval '1 second',
        100 * (3 + (n * 7919) % 48), 'DEBT_CONSOLIDATION', 'seed.person' || n || '@example.com',
        'Sample', 'Person ' || n,
        case when apply or saves > 2 then '555' || lpad((n % 10000000)::text, 7, '0') end,
        '10001', 'New York', 'NY', ua, source, 'seed', false
      from seed_plan`);

    // The history: the create, then each step saved, paced per lead.
    await tx.execute(sql`with steps(apply, idx, step, slug, changes) as (values ${stepValues()})
      insert into step_events (lead_id, step, slug, changes, created_at)
      select id, null, 'create', jsonb_build_object('email', '[seeded]', 'loan_amount', '[seeded]'), created_at
        from seed_plan
      union all
      select p.id, s.step, s.slug, s.changes, p.created_at + ((s.idx + 1) * p.pace + random() * 10) * interval '1 second'
        from seed_plan p join steps s on s.apply = p.apply and s.idx < p.saves`);

    await tx.execute(sql`insert into consent_records (lead_id, consent_kind, text_version, text_hash, placeholders,
        button, page_url, user_agent, created_at)
      select p.id, k, ${quickStart.version}, ${templateHash(quickStart)},
        jsonb_build_object('brand', p.brand, 'shortCode', '55555'), ${quickStart.button}, '/', p.ua, p.created_at
      from seed_plan p cross join unnest(${textArray(quickStart.kinds)}) k`);

    // Each submitted lead is pinged to every buyer (unless turned away first); the best bids are posted to,
    // highest first, until one accepts.
    await tx.execute(sql`create temp table seed_pings (
      id text, b int, state text, price int, latency int, u float8, at timestamptz) on commit drop`);
    await tx.execute(sql`insert into seed_pings
      select id, b,
        case when r < 0.12 + 0.3 * ((b * 7) % 10) / 10.0 then 'bid'
          when r > 0.93 then 'error' else 'no_bid' end,
        (400 + (b % 7) * 250 + r2 * 2500)::int,
        case when r > 0.93 then 3000 else (60 + (b % 5) * 40 + (-ln(1 - r2)) * 180)::int end,
        random(), at
      from (
        select p.id, b, random() as r, random() as r2,
          p.created_at + (p.saves + 1) * p.pace * interval '1 second' as at
        from seed_plan p cross join generate_series(1, ${o.buyers}::int) b
        where p.completed and p.turned_away is null
      ) x`);
    await tx.execute(sql`create temp table seed_posts (id text, b int, state text, price int, latency int, at timestamptz)
      on commit drop`);
    await tx.execute(sql`insert into seed_posts
      select id, b, case when rnk = win then 'accepted' else 'rejected' end, price,
        (150 + u * 900)::int, at + (1 + rnk) * interval '1 second'
      from (
        select *, min(rnk) filter (where u < 0.25) over (partition by id) as win
        from (select *, row_number() over (partition by id order by price desc, b) as rnk
          from seed_pings where state = 'bid') ranked
        where rnk <= 4
      ) w
      where win is null or rnk <= win`);
    const buyerId = (b: ReturnType<typeof sql>) => sql`${SEED_BUYER_PREFIX}::text || lpad(${b}::text, 2, '0')`;
    // The masked bodies every call keeps until BUYER_CALL_BODY_DAYS (the bulk of the table, and what retention
    // clears), shaped like the auction's: a ping's fields, a post's whole application with its personal values
    // masked, and the buyer's answer.
    const pingBody = sql`jsonb_build_object('body', jsonb_build_object('lead_id', id, 'api_key', '****',
        'zip', '100**', 'state', 'NY', 'loan_amount', 500, 'loan_reason', 'DEBT_CONSOLIDATION',
        'monthly_income', 2400 + b * 100, 'pay_frequency', 'BIWEEKLY', 'income_source', 'EMPLOYMENT',
        'months_employed', 6 + b, 'own_home', 'NO', 'months_at_address', 24, 'credit_rating', 'FAIR',
        'active_military', 'NO', 'sub_id', md5(id || b))::text)`;
    const postBody = sql`jsonb_build_object('body', jsonb_build_object('lead_id', id, 'api_key', '****',
        'ping_id', md5(id || b), 'first_name', '****', 'last_name', '****', 'email', '****', 'cell_phone', '****',
        'home_phone', '****', 'birth_date', '****', 'address', '****', 'city', 'New York', 'zip', '100**',
        'state', 'NY', 'own_home', 'NO', 'months_at_address', 24, 'income_source', 'EMPLOYMENT',
        'employer', '****', 'job_title', '****', 'work_phone', '****', 'months_employed', 18,
        'monthly_income', 2400, 'pay_frequency', 'BIWEEKLY', 'next_pay_date', '****', 'second_pay_date', '****',
        'direct_deposit', 'YES', 'bank_name', '****', 'bank_aba', '****', 'bank_account', '****',
        'bank_account_type', 'CHECKING', 'months_at_bank', 36, 'driver_license', '****', 'license_state', 'NY',
        'ssn', '****', 'active_military', 'NO', 'loan_amount', 500, 'ip', '****', 'user_agent', '****',
        'tcpa_text_version', 'seed', 'certificate_url', 'https://apply.example.com/consent/' || md5(id))::text)`;
    const answer = sql`case when state in ('bid', 'accepted')
        then '{"result":"accepted","price":' || coalesce(price, 0) / 100.0 || ',"id":"' || md5(id || b || kind) || '"'
          || case when kind = 'post' then ',"redirect":"https://offers.example.com/seed/' || md5(id) || '"' else '' end
          || '}'
        when state = 'error' then null else '{"result":"rejected","reason":"no match"}' end`;
    // The id an accepting answer carries is kept as the buyer's own reference, which lead search finds.
    await tx.execute(sql`insert into buyer_calls (lead_id, buyer_id, kind, state, http_status, latency_ms,
        price_cents, reason, request, response, external_id, created_at, finished_at)
      select id, ${buyerId(sql`b`)}, kind, state, http_status, latency, price_cents, reason,
        case when kind = 'ping' then ${pingBody} else ${postBody} end, ${answer},
        case when state in ('bid', 'accepted') then md5(id || b || kind) end, at,
        at + latency * interval '1 millisecond'
      from (
        select id, b, 'ping' as kind, state, price, case when state = 'error' then null else 200 end as http_status,
          latency, case when state = 'bid' then price end as price_cents,
          case when state = 'error' then 'timeout' end as reason, at
        from seed_pings
        union all
        select id, b, 'post', state, price, 200, latency, case when state = 'accepted' then price end,
          case when state = 'rejected' then 'declined' end, at
        from seed_posts
      ) calls`);

    await tx.execute(sql`insert into auctions (lead_id, status, reason, buyer_id, price_cents, redirect_url, test_mode,
        attribution, submission, deadline_at, runs, created_at, decided_at, redirected_at)
      select p.id, case when w.id is null then 'rejected' else 'accepted' end,
        case when w.id is null then coalesce(p.turned_away, 'no buyer accepted') end,
        ${buyerId(sql`w.b`)}, w.price, case when w.id is not null then 'https://offers.example.com/seed' end, false,
        jsonb_build_object('utm_source', p.source, 'aff_id', p.aff_id, 'sub_source', p.sub_id),
        '{"seeded": true}'::jsonb, s.at + interval '2 minutes', 1, s.at, s.at + interval '20 seconds',
        case when w.id is not null and random() < 0.85 then s.at + interval '25 seconds' end
      from seed_plan p
      cross join lateral (select p.created_at + (p.saves + 1) * p.pace * interval '1 second' as at) s
      left join seed_posts w on w.id = p.id and w.state = 'accepted'
      where p.completed`);

    // Every buyer's outcome in each auction, as the auction writes them (docs/product/lender-network.md#every-buyers-outcome),
    // so a seeded lead's page answers why it went where it went: the buyer that bought it, the posts it refused,
    // the bids a sale left behind (outbid) or an unsold lead never reached, the declined pings and the timeouts.
    await tx.execute(sql`insert into auction_buyer_outcomes (lead_id, run, buyer_id, outcome, detail, offered_cents,
        paid_cents, at)
      select pi.id, 1, ${buyerId(sql`pi.b`)},
        case when po.state = 'accepted' then 'post_accepted'
          when po.state = 'rejected' then 'post_rejected'
          when pi.state = 'bid' and w.id is not null then 'outbid'
          when pi.state = 'bid' then 'not_reached'
          when pi.state = 'error' then 'timeout'
          else 'ping_rejected' end,
        case when po.state = 'rejected' or pi.state = 'no_bid' then 'no match' end,
        case when pi.state = 'bid' then pi.price end,
        case when po.state = 'accepted' then po.price end,
        coalesce(po.at, pi.at)
      from seed_pings pi
      left join seed_posts po on po.id = pi.id and po.b = pi.b
      left join seed_posts w on w.id = pi.id and w.state = 'accepted'`);

    // The keyed hashes lead search compares: from the stored values, so search finds what the rows hold.
    const people = await rowsOf<{ id: string; email: string | null; cell_phone: string | null }>(
      tx as unknown as Db,
      sql`select id, email, cell_phone from seed_plan join leads using (id)`,
    );
    const hashes = people.flatMap((p) =>
      [personHash(secret, "email", p.email), personHash(secret, "phone", p.cell_phone)]
        .filter((h) => h !== null)
        .map((h) => [h, p.id]),
    );
    await tx.execute(sql`insert into lead_search_hashes (hash, lead_id)
      select x->>0, x->>1 from jsonb_array_elements(${JSON.stringify(hashes)}::jsonb) x
      on conflict do nothing`);
  });
}

export async function countSeed(db: Db): Promise<SeedCounts> {
  const seeded = sql`like ${`${SEED_ID_PREFIX}%`}`;
  const [row] = await rowsOf<Record<keyof SeedCounts, number | string>>(
    db,
    sql`select
      (select count(*) from leads where id ${seeded}) as leads,
      (select count(*) from step_events where lead_id ${seeded}) as step_events,
      (select count(*) from auctions where lead_id ${seeded}) as auctions,
      (select count(*) from buyer_calls where lead_id ${seeded}) as buyer_calls,
      (select count(*) from lead_search_hashes where lead_id ${seeded}) as lead_search_hashes,
      (select count(*) from buyers where id like ${`${SEED_BUYER_PREFIX}%`}) as buyers`,
  );
  if (!row) throw new Error("no counts");
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as SeedCounts;
}

/**
 * Fills the database with `options.leads` seeded leads over the last `options.days` days before `now`, their
 * buyers, publishers and money. `progress` hears after each batch. Throws SeedRefused before any lead is written
 * when the ledger already holds rows (then having written nothing at all) or another publisher has a seeded aff_id.
 */
export async function seedVolume(
  db: Db,
  secrets: Secrets,
  options: Partial<SeedOptions> = {},
  progress: (done: number, total: number) => void = () => {},
  now = new Date(),
): Promise<SeedCounts & MoneyCounts> {
  const o = { ...SEED_DEFAULTS, ...options };
  if (o.buyers < 1 || o.buyers > 99) throw new Error("--buyers must be 1 to 99");
  if (o.sources < 1 || o.brands < 1 || o.days < 1 || o.leads < 1) throw new Error("every count must be at least 1");
  await refuseOverMoney(db);
  await removeSeed(db);
  await seedBuyers(db, o.buyers);
  // Made before the first seeded lead, so each is credited with its aff_id's leads.
  const since = new Date(now.getTime() - (o.days + 1) * 86_400_000);
  const publishers = await seedPublishers(db, new PiiCipher(secrets.piiKeyring), o.sources, since);
  for (let first = 1; first <= o.leads; first += BATCH) {
    const last = Math.min(o.leads, first + BATCH - 1);
    await seedBatch(db, secrets.tokenSecret, o, first, last, now);
    progress(last, o.leads);
  }
  const money = await seedMoney(db, receiptKeyOf(secrets.tokenSecret), publishers, now);
  // The reports' rollups of every settled bucket (reports/report-rollups-job.ts), built as the server's
  // job builds them, so the first reports after a start read them rather than the raw rows.
  await rebuildReportRollups(db, now, null);
  await db.execute(sql`analyze`);
  return { ...(await countSeed(db)), ...money };
}
