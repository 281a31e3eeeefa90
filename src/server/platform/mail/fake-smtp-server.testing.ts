import { createServer, type Socket } from "node:net";

// A local SMTP server for tests: enough of RFC 5321 for nodemailer (EHLO, MAIL, RCPT, DATA, QUIT), recording
// each message it takes. `down` answers 421 (service not available) to every connection, like a mail server
// in an outage; `refuse` lists recipients it answers 550 for (no such mailbox).
type ReceivedMail = { from: string; to: string[]; data: string };

export async function startFakeSmtpServer(options: { refuse?: string[] } = {}) {
  const received: ReceivedMail[] = [];
  const state = { down: false };
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.setEncoding("utf8");
    if (state.down) {
      socket.end("421 fake.smtp Service not available\r\n");
      return;
    }
    let mail: ReceivedMail = { from: "", to: [], data: "" };
    let inData = false;
    let buffer = "";
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 fake.smtp ESMTP ready");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          mail.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(mail);
          mail = { from: "", to: [], data: "" };
          reply("250 2.0.0 queued");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250-fake.smtp\r\n250 8BITMIME");
        else if (verb === "MAIL") {
          mail.from = /<(.*)>/.exec(line)?.[1] ?? "";
          reply("250 2.1.0 ok");
        } else if (verb === "RCPT") {
          const to = /<(.*)>/.exec(line)?.[1] ?? "";
          if (options.refuse?.includes(to)) reply("550 5.1.1 no such mailbox");
          else {
            mail.to.push(to);
            reply("250 2.1.5 ok");
          }
        } else if (verb === "DATA") {
          inData = true;
          reply("354 end with <CRLF>.<CRLF>");
        } else if (verb === "RSET") {
          mail = { from: "", to: [], data: "" };
          reply("250 ok");
        } else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
        } else reply("250 ok");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
