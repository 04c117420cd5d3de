/**
 * 1.x timestamps follow YAML's timestamp form (`2001-12-14 21:59:43.10 -5`); TOSCA 2.0 takes RFC 3339
 * only (TOSCA Version 2.0 §9.1.2.1: `2001-12-14T21:59:43.10-05:00`). A value written in the YAML
 * form is rewritten; date-only values and RFC 3339 values stay as they are.
 */
const YAML_TIMESTAMP =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[Tt]|[ \t]+)(\d{1,2}):(\d{2}):(\d{2})(\.\d*)?(?:[ \t]*(Z|[-+]\d{1,2}(?::?\d{2})?))?$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[-+]\d{2}:\d{2})$/;

const two = (s: string) => s.padStart(2, '0');

/** The RFC 3339 form of a YAML timestamp that is not one already, else undefined. */
export function rfc3339(text: string): string | undefined {
  if (RFC3339.test(text)) return undefined;
  const m = YAML_TIMESTAMP.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  let tz = 'Z';
  if (zone && zone !== 'Z') {
    const z = /^([-+])(\d{1,2}):?(\d{2})?$/.exec(zone)!;
    tz = `${z[1]}${two(z[2]!)}:${z[3] ?? '00'}`;
  }
  const fraction = frac && frac.length > 1 ? frac : '';
  return `${y}-${two(mo!)}-${two(d!)}T${two(h!)}:${mi}:${s}${fraction}${tz}`;
}
