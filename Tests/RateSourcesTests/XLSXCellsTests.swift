import Foundation
import Testing

@testable import RateSources

@Suite("A worksheet's cells read from its bytes")
struct XLSXCellsTests {
    static func read(_ xml: String) -> [String]? {
        XLSXCells.read(Data(xml.utf8))?.map { "\($0.address)=\($0.value)\($0.isSharedString ? "s" : "")" }
    }

    @Test("values, shared-string indices, inline strings of several runs, entities and CDATA; empty and formula-only cells passed over")
    func cells() {
        let sheet = """
            <?xml version="1.0" encoding="UTF-8"?><worksheet><cols><col min="1"/></cols><sheetData>\
            <row r="1"><c r="A1" t="s"><v>3</v></c><c r="B1" s="2"/><c r="C1"><f>SUM(A1)</f></c></row>\
            <row r="2"><c r='A2'><v>0.36022999999999999</v></c><c r="B2" t="inlineStr"><is><r><t>US </t></r><r><t>&amp; TALA</t></r></is></c>\
            <c r="C2" t="str"><f>A2</f><v><![CDATA[a<b]]></v></c><!-- a note --><c r="D2"><v> 7 </v></c></row></sheetData></worksheet>
            """
        #expect(Self.read(sheet) == ["A1=3s", "A2=0.36022999999999999", "B2=US & TALA", "C2=a<b", "D2=7"])
        // A prefixed SpreadsheetML part (`x:`), as some generators write it.
        #expect(
            Self.read(#"<x:worksheet><x:sheetData><x:row><x:c r="B3"><x:v>1300</x:v></x:c></x:row></x:sheetData></x:worksheet>"#) == [
                "B3=1300"
            ])
    }

    @Test("a part cut short where a cell is open is not read")
    func cutShort() {
        #expect(Self.read(#"<worksheet><sheetData><row><c r="A1"><v>12"#) == nil)
        #expect(Self.read(#"<worksheet><sheetData><row><c r="A1"><v>12</v>"#) == nil)
        #expect(Self.read(#"<worksheet><sheetData><row><c r="A1""#) == nil)
    }
}
