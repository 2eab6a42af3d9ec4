import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { isMainThread, parentPort, workerData, type Worker } from "node:worker_threads";
import { Server, type Socket } from "socket.io";
import { serveEchoToBench } from "./load-echo-child";
import { moduleWorker } from "../store/ts-worker";

/**
 * A second baseline for `npm run bench:load --hop-baseline`: the bare echo server with a worker thread behind
 * it, the shape of a server that keeps its rooms off the socket thread so that their garbage and work never
 * stop it. The socket thread only reads commands, hands them to the worker (batched per event-loop turn),
 * and writes what comes back: each command's ack, and for each member of the sender's group a frame of its
 * own (a game's snapshot differs per viewer), encoded into WebSocket frames by the worker and transferred
 * without a copy. The worker stands in for the rules with the least a game must do: a fresh state per
 * command (the captured snapshot parsed again), kept until the group's next command. What this costs over
 * the bare server is the least that moving a game's rooms to a worker thread could cost.
 * argv: FRAME_FILE (JSON)
 */

/** Socket thread → worker, in one message per event-loop turn. */
type ToWorker = ["open", socketId: string, group: string] | ["close", socketId: string, group: string] | ["command", ackId: number, group: string, payload: unknown];

/** Worker → socket thread, one per batch: the acks, then each frame's socket and where it ends in `frames`. */
interface FromWorker {
  acks: number[];
  socketIds: string[];
  frames: ArrayBuffer;
  ends: number[];
}

if (isMainThread) runSocketThread();
else runWorker();

function runSocketThread(): void {
  const frameFile = process.argv[2] ?? "";
  const worker: Worker = moduleWorker(new URL(import.meta.url), { workerData: { frameFile } });
  const http = createServer();
  const io = new Server(http, { maxHttpBufferSize: 16 * 1024 });
  const sockets = new Map<string, Socket>();
  const pendingAcks = new Map<number, (reply: unknown) => void>();
  let lastAckId = 0;
  let outbox: ToWorker[] = [];
  const post = (message: ToWorker) => {
    outbox.push(message);
    if (outbox.length === 1)
      setImmediate(() => {
        const batch = outbox;
        outbox = [];
        worker.postMessage(batch);
      });
  };

  io.on("connection", (socket) => {
    const group = typeof socket.handshake.auth?.group === "string" ? socket.handshake.auth.group : "solo";
    sockets.set(socket.id, socket);
    post(["open", socket.id, group]);
    socket.on("disconnect", () => {
      sockets.delete(socket.id);
      post(["close", socket.id, group]);
    });
    socket.onAny((_event: string, payload: unknown, ack?: (reply: unknown) => void) => {
      const ackId = ++lastAckId;
      if (typeof ack === "function") pendingAcks.set(ackId, ack);
      post(["command", ackId, group, payload ?? null]);
    });
  });

  worker.on("message", ({ acks, socketIds, frames, ends }: FromWorker) => {
    for (const ackId of acks) {
      pendingAcks.get(ackId)?.({ ok: true });
      pendingAcks.delete(ackId);
    }
    const bytes = Buffer.from(frames);
    let start = 0;
    for (let i = 0; i < socketIds.length; i++) {
      // engine.io writes a pre-encoded frame as is on a WebSocket (the clients here never poll).
      const client = (sockets.get(socketIds[i]) as unknown as { client: { writeToEngine(packet: string, options: object): void } } | undefined)?.client;
      client?.writeToEngine("", { wsPreEncodedFrame: [bytes.subarray(start, ends[i])] });
      start = ends[i];
    }
  });
  worker.on("error", (error) => {
    console.error(`hop worker: ${error.message}`);
    process.exit(1);
  });

  serveEchoToBench(http, io);
}

function runWorker(): void {
  const snapshotJson = JSON.stringify(JSON.parse(readFileSync((workerData as { frameFile: string }).frameFile, "utf8")));
  const groups = new Map<string, { socketIds: string[]; state: unknown }>();

  parentPort!.on("message", (batch: ToWorker[]) => {
    const reply: Omit<FromWorker, "frames"> = { acks: [], socketIds: [], ends: [] };
    const framed: Buffer[] = [];
    let length = 0;
    for (const message of batch) {
      const [kind, , group] = message;
      const members = groups.get(group) ?? { socketIds: [], state: null };
      groups.set(group, members);
      if (kind === "open") members.socketIds.push(message[1]);
      else if (kind === "close") members.socketIds = members.socketIds.filter((id) => id !== message[1]);
      else {
        members.state = JSON.parse(snapshotJson);
        reply.acks.push(message[1]);
        for (const socketId of members.socketIds) {
          // engine.io's message type, then socket.io's EVENT packet: what `socket.emit` would write.
          const packet = Buffer.from(`42["room:state",{"you":${JSON.stringify(socketId)},"echo":${JSON.stringify(message[3])},"state":${snapshotJson}}]`);
          const header = textFrameHeader(packet.length);
          framed.push(header, packet);
          length += header.length + packet.length;
          reply.socketIds.push(socketId);
          reply.ends.push(length);
        }
      }
    }
    // Its own ArrayBuffer (not a slice of Node's pool), so that it can be transferred.
    const frames = Buffer.allocUnsafeSlow(length);
    let offset = 0;
    for (const part of framed) offset += part.copy(frames, offset);
    parentPort!.postMessage({ ...reply, frames: frames.buffer }, [frames.buffer]);
  });
}

/** The header of an unmasked, unfragmented WebSocket text frame (RFC 6455 §5.2), as a server sends it. */
function textFrameHeader(payloadLength: number): Buffer {
  if (payloadLength < 126) return Buffer.from([0x81, payloadLength]);
  if (payloadLength < 65536) return Buffer.from([0x81, 126, payloadLength >> 8, payloadLength & 0xff]);
  const header = Buffer.alloc(10);
  header[0] = 0x81;
  header[1] = 127;
  header.writeBigUInt64BE(BigInt(payloadLength), 2);
  return header;
}
