import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { heartbeatXml, xmlEvent } from './simulator/bodies';
import { readXml } from './xml';

const ISAPI = 'xmlns="http://www.isapi.org/ver20/XMLSchema"';

// What devices send, as isapi.md shows them: an access event, a heartbeat, a people counter's
// window, a camera's line detection with a region list of two entries.
const documents = {
  access: xmlEvent({
    deviceId: 'HK-101',
    ip: '10.1.2.31',
    dateTime: '2026-11-20T08:57:12+00:00',
    major: 5,
    minor: 75,
    serialNo: 18235,
    employeeNo: 'E0002',
    name: 'Jamie <Carter> & "Co"',
    readerNo: 1,
    verifyMode: 'face',
    currentEvent: true,
  }),
  heartbeat: heartbeatXml('10.1.2.31', '2026-11-20T08:57:12+00:00'),
  counting: `<EventNotificationAlert version="2.0" ${ISAPI}>
  <ipAddress>10.1.3.12</ipAddress><channelID>1</channelID>
  <dateTime>2026-11-20T10:15:00+00:00</dateTime><activePostCount>1</activePostCount>
  <eventType>PeopleCounting</eventType><eventState>active</eventState>
  <peopleCounting>
    <statisticalMethods>timeRange</statisticalMethods>
    <TimeRange><startTime>2026-11-20T10:00:00+00:00</startTime><endTime>2026-11-20T10:15:00+00:00</endTime></TimeRange>
    <enter>37</enter><exit>29</exit><pass>214</pass>
  </peopleCounting>
</EventNotificationAlert>`,
  lineDetection: `<?xml version="1.0" encoding="UTF-8"?>
<!-- a camera's own event -->
<EventNotificationAlert version="2.0" ${ISAPI}>
  <ipAddress>10.1.4.2</ipAddress><channelID>2</channelID><dateTime>2026-11-20T10:15:00-5:00</dateTime>
  <eventType>linedetection</eventType><eventState>active</eventState><eventDescription/>
  <DetectionRegionList>
    <DetectionRegionEntry><regionID>1</regionID><TargetType>human</TargetType></DetectionRegionEntry>
    <DetectionRegionEntry><regionID>2</regionID><TargetType><![CDATA[vehicle]]></TargetType></DetectionRegionEntry>
  </DetectionRegionList>
</EventNotificationAlert>`,
};

describe('readXml', () => {
  it('reads the documents devices send as fast-xml-parser read them', () => {
    const reference = new XMLParser({
      ignoreAttributes: true,
      removeNSPrefix: true,
      parseTagValue: false,
      trimValues: true,
      processEntities: true,
    });
    for (const [name, doc] of Object.entries(documents)) {
      const { '?xml': _declaration, ...expected } = reference.parse(doc, true);
      expect(readXml(doc), name).toEqual(expected);
    }
  });

  it('keeps text as strings, arrays for repeated elements, and drops prefixes and attributes', () => {
    expect(
      readXml(
        `\uFEFF<isapi:Root xmlns:isapi="x"><a id="1">  007 </a><b/><c>&lt;&#65;&#x42;&amp;&unknown;</c><d>1</d><d>2</d><d><e>3</e></d></isapi:Root>`,
      ),
    ).toEqual({ Root: { a: '007', b: '', c: '<AB&&unknown;', d: ['1', '2', { e: '3' }] } });
  });

  it('never lets an element named __proto__ change an object prototype', () => {
    const doc = readXml('<r><__proto__><polluted>yes</polluted></__proto__></r>');
    expect(Object.getPrototypeOf(doc.r)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(doc.r, '__proto__')?.value).toEqual({ polluted: 'yes' });
  });

  it.each([
    ['an unclosed element', '<EventNotificationAlert><eventType>Access'],
    ['crossed tags', '<a><b></a></b>'],
    ['a stray closing tag', '<a></a></b>'],
    ['two roots', '<a/><b/>'],
    ['text outside the root', 'hello <a/>'],
    ['no element at all', '   '],
    ['a bad element name', '<1a></1a>'],
    ['malformed attributes', '<a b=c></a>'],
    ['a DOCTYPE', '<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'],
    ['an unclosed comment', '<a><!-- </a>'],
    ['an unclosed tag', '<a'],
  ])('refuses %s', (_name, doc) => {
    expect(() => readXml(doc)).toThrow();
  });
});
