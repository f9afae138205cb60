import Testing
import VeneerSupport

@Suite("SipHash-2-4")
struct SipHashTests {
  /// The reference vectors of the SipHash paper: key 00…0f, messages 00, 00 01, … of each
  /// length.
  @Test func matchesTheReferenceVectors() {
    let mac = SipHash24(key: (0x0706_0504_0302_0100, 0x0F0E_0D0C_0B0A_0908))
    #expect(mac.tag([]) == 0x726f_db47_dd0e_0e31)
    #expect(mac.tag(Array(0..<15)) == 0xa129_ca61_49be_45e5)
    #expect(mac.tag(Array(0..<8)) == 0x93f5_f579_9a93_2462)
    #expect(mac.tag(Array(0..<63)) == 0x958a_324c_eb06_4572)
  }
}
