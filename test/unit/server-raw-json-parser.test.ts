import { describe, expect, it } from "vitest";
import * as parser from "socket.io-parser";
import { RawJson, rawJsonParser } from "../../server/raw-json-parser";

function decoded(encoded: unknown[]): parser.Packet {
  const decoder = new parser.Decoder();
  let packet: parser.Packet | undefined;
  decoder.on("decoded", (p: parser.Packet) => (packet = p));
  for (const part of encoded) decoder.add(part as string);
  return packet!;
}

describe("rawJsonParser", () => {
  const encoder = new rawJsonParser.Encoder();
  const stock = new parser.Encoder();
  const snapshot = { version: 3, text: 'quotes " and \\ and \u2028 and ünïcödé', nested: { list: [1, null, true] } };

  it("writes a RawJson argument exactly as the stock encoder writes the object it holds", () => {
    const raw = encoder.encode({ type: parser.PacketType.EVENT, nsp: "/", data: ["room:state", new RawJson(JSON.stringify(snapshot))] });
    expect(raw).toEqual(stock.encode({ type: parser.PacketType.EVENT, nsp: "/", data: ["room:state", snapshot] }));
    expect(decoded(raw).data).toEqual(["room:state", snapshot]);
  });

  it("encodes every other packet the stock way (acks, namespaces, binary, plain objects)", () => {
    const packets: parser.Packet[] = [
      { type: parser.PacketType.EVENT, nsp: "/", data: ["room:state", snapshot] },
      { type: parser.PacketType.ACK, nsp: "/", id: 7, data: [{ ok: true }] },
      { type: parser.PacketType.EVENT, nsp: "/admin", data: ["x", snapshot] },
      { type: parser.PacketType.EVENT, nsp: "/", data: ["bin", Buffer.from([1, 2, 3])] },
      { type: parser.PacketType.CONNECT, nsp: "/", data: { sid: "abc" } },
    ];
    for (const packet of packets) expect(encoder.encode(packet)).toEqual(stock.encode(packet));
  });
});
