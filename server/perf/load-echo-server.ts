import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { Server } from "socket.io";
import { serveEchoToBench } from "./load-echo-child";

/**
 * The baseline for `npm run bench:load`: a bare socket.io server that does what any multiplayer server must,
 * and nothing else. Each command is acknowledged at once and a frame is sent to the sender's group of 6 (as
 * the game sends a snapshot to each room member): the command's payload and a snapshot the game run received,
 * of about its mean size, so that the clients parse the same kind of frame in both runs.
 * argv: FRAME_FILE (JSON)
 */

const frame = JSON.parse(readFileSync(process.argv[2] ?? "", "utf8")) as unknown;
const http = createServer();
const io = new Server(http, { maxHttpBufferSize: 16 * 1024 });

io.on("connection", (socket) => {
  const group = typeof socket.handshake.auth?.group === "string" ? socket.handshake.auth.group : "solo";
  void socket.join(group);
  socket.onAny((_event: string, payload: unknown, ack?: (reply: unknown) => void) => {
    if (typeof ack === "function") ack({ ok: true });
    io.to(group).emit("room:state", { echo: payload, state: frame });
  });
});

serveEchoToBench(http, io);
