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

/** Event names socket.io keeps for itself: the stock decoder refuses a packet that uses one, closing the connection. */
const RESERVED_EVENTS = ["connect", "connect_error", "disconnect", "disconnecting", "newListener", "removeListener"];
/** What a reserved name is renamed to, so that the command handler can answer it with an error ack. */
export const RESERVED_EVENT_PREFIX = "reserved:";
// An EVENT packet (type 2, or 5 with binary attachments) as text: type, attachments, namespace, ack id, then the event name.
const EVENT_HEAD = /^([25](?:\d+-)?(?:\/[^,]*,)?\d*\[\s*)"([A-Za-z_]+)"/;

/**
 * The stock decoder, except that an event named like one of socket.io's reserved events is renamed instead of
 * refused: the client then gets an error ack like any unknown event (docs/PROTOCOL.md says every command is
 * acked), where the stock decoder's "invalid payload" closes the whole connection.
 */
class Decoder extends parser.Decoder {
  static {
    const decodeString = (parser.Decoder.prototype as unknown as { decodeString(str: string): unknown }).decodeString;
    (Decoder.prototype as unknown as { decodeString(str: string): unknown }).decodeString = function (this: parser.Decoder, str: string) {
      const head = EVENT_HEAD.exec(str);
      if (head && RESERVED_EVENTS.includes(head[2])) str = `${head[1]}"${RESERVED_EVENT_PREFIX}${head[2]}"${str.slice(head[0].length)}`;
      return decodeString.call(this, str);
    };
  }
}

/** Pass as socket.io's `parser` server option. */
export const rawJsonParser = { protocol: parser.protocol, PacketType: parser.PacketType, Encoder, Decoder };
