import * as parser from "socket.io-parser";

/**
 * socket.io's own parser, except that an event whose one argument is `RawJson` is written from that text
 * instead of being walked and stringified again. Room snapshots are assembled as JSON from parts shared
 * between the members of a table (shared/game/view-json.ts); without this, socket.io would scan each
 * snapshot for binary data and stringify it once per member. The wire format is unchanged: clients use
 * the stock parser.
 */

/** JSON text to send as an event's argument, as is. The caller vouches that it is valid JSON. */
export class RawJson {
  constructor(readonly json: string) {}
}

class Encoder extends parser.Encoder {
  override encode(packet: parser.Packet): ReturnType<parser.Encoder["encode"]> {
    const data = packet.data as unknown[] | undefined;
    if (packet.type === parser.PacketType.EVENT && packet.id === undefined && (!packet.nsp || packet.nsp === "/") && data?.length === 2 && data[1] instanceof RawJson) {
      // The stock encoding of an EVENT packet: its type digit, then the JSON array [event, argument].
      return [`${parser.PacketType.EVENT}[${JSON.stringify(data[0])},${data[1].json}]`];
    }
    return super.encode(packet);
  }
}

/** Pass as socket.io's `parser` server option. */
export const rawJsonParser = { protocol: parser.protocol, PacketType: parser.PacketType, Encoder, Decoder: parser.Decoder };
