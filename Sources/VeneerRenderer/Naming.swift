import VeneerModel

package enum Naming {
  /// `post_repo` for `PostRepo`, `create_post` for `createPost`, `http_client` for `HTTPClient`.
  static func snakeCase(_ name: String) -> String {
    let bare = name.trimmingBackticks
    if bare.utf8.allSatisfy({ $0 < 0x80 }) { return asciiSnakeCase(bare) }
    let characters = Array(bare)
    var result = ""
    for (index, character) in characters.enumerated() {
      if character.isUppercase {
        let previous = index > 0 ? characters[index - 1] : nil
        let next = index + 1 < characters.count ? characters[index + 1] : nil
        let startsWord =
          previous.map { $0.isLowercase || $0.isNumber } == true
          || (previous?.isUppercase == true && next?.isLowercase == true)
        if startsWord && !result.isEmpty && result.last != "_" { result.append("_") }
        result.append(contentsOf: character.lowercased())
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// `snakeCase` on bytes, for the names nearly all code has: the same rules, no `Character`s.
  private static func asciiSnakeCase(_ name: String) -> String {
    func isUpper(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x41 && $0 <= 0x5A } ?? false }
    func isLower(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x61 && $0 <= 0x7A } ?? false }
    func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
    let bytes = Array(name.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + 4)
    for (index, byte) in bytes.enumerated() {
      guard isUpper(byte) else {
        result.append(byte)
        continue
      }
      let previous = index > 0 ? bytes[index - 1] : nil
      let next = index + 1 < bytes.count ? bytes[index + 1] : nil
      let startsWord =
        isLower(previous) || isDigit(previous) || (isUpper(previous) && isLower(next))
      if startsWord && !result.isEmpty && result.last != UInt8(ascii: "_") {
        result.append(UInt8(ascii: "_"))
      }
      result.append(byte | 0x20)
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// `postRepo` for `PostRepo`, `httpClient` for `HTTPClient`.
  static func lowerCamelCase(_ name: String) -> String {
    let words = snakeCase(name).split(separator: "_")
    guard let first = words.first else { return name }
    return first + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// Parameter names that hold secrets, matched against the lowercased name without `_`:
  /// fragments anywhere in it (`newPassword`, `card_number`), but for `secretNameWords`.
  /// The second line of defence: what a decorator writes of a value is first limited by its
  /// type (`__ValueDescription` in the runtime), and a name only decides whether a string,
  /// number or flag is written by value.
  static let secretNameFragments = [
    "password", "passwd", "passcode", "passphrase", "secret", "token", "apikey", "accesskey",
    "privatekey", "signingkey", "authorization", "bearer", "credential", "cookie", "session",
    "cardnumber", "creditcard", "securitycode", "accountnumber", "routingnumber", "iban",
    "socialsecurity", "pin", "pwd", "otp", "totp", "cvv", "cvc", "ssn", "jwt", "mfa", "key",
    "pass", "auth",
  ]

  /// The fragments that match only as a whole camel-case or snake-case word (`pin`, `user_otp`,
  /// `authHeader`, `encryptionKey`, not `spinner`, `passenger`, `author` or `keyboard`): those
  /// of three letters, and longer ones that start common words.
  static let secretNameWords: Set<String> = ["pass", "auth"]

  /// The fragments that match only as the last word, where they name what the value is
  /// (`key`, `encryptionKey`, `api_key`), not where they qualify another word (`keyPath`).
  static let secretLastWords: Set<String> = ["key"]

  /// The same as UTF-8, by their first byte: a name is read once, each of its bytes compared
  /// only with the fragments that start with it.
  private static let secretFragmentsByFirstByte: [[(fragment: String, bytes: [UInt8])]] = {
    var buckets = Array(repeating: [(fragment: String, bytes: [UInt8])](), count: 256)
    for fragment in secretNameFragments {
      let bytes = Array(fragment.utf8)
      buckets[Int(bytes[0])].append((fragment, bytes))
    }
    return buckets
  }()

  static func looksSecret(_ name: String) -> Bool {
    let normalized = lowercasedWithoutUnderscores(name.trimmingBackticks)
    var words: [String]?
    for start in normalized.indices {
      let fragments = secretFragmentsByFirstByte[Int(normalized[start])]
      for index in fragments.indices where normalized[start...].starts(with: fragments[index].bytes)
      {
        // Short fragments must be the whole name or a camel-case word, not part of a word.
        let fragment = fragments[index]
        if fragment.bytes.count > 3 && !secretNameWords.contains(fragment.fragment) {
          return true
        }
        words = words ?? Self.words(of: name)
        if secretLastWords.contains(fragment.fragment) {
          if words?.last == fragment.fragment { return true }
        } else if words?.contains(fragment.fragment) == true {
          return true
        }
      }
    }
    return false
  }

  /// The name's UTF-8, lowercased, without `_`. ASCII names, nearly all of them, are lowercased
  /// byte by byte rather than through Unicode's case mappings.
  private static func lowercasedWithoutUnderscores(_ name: String) -> [UInt8] {
    guard name.utf8.allSatisfy({ $0 < 0x80 }) else {
      return name.lowercased().utf8.filter { $0 != UInt8(ascii: "_") }
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(name.utf8.count)
    for byte in name.utf8 where byte != UInt8(ascii: "_") {
      let isUppercase = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
      bytes.append(isUppercase ? byte + 32 : byte)
    }
    return bytes
  }

  /// `a` or `an` before `name`, as it is read aloud: `an APIClient`, `an HTTPClient` (letters
  /// spelt out), `a UserService`, `an Uploader`, `a ShowService`.
  static func article(for name: String) -> String {
    let letters = Array(name.trimmingBackticks.filter(\.isLetter).prefix(3))
    guard let first = letters.first else { return "a" }
    let isAcronym = letters.count > 1 && first.isUppercase && letters[1].isUppercase
    if isAcronym {
      // Letters whose names start with a vowel sound: "an F", "an S", "an X".
      return "AEFHILMNORSX".contains(first) ? "an" : "a"
    }
    switch first.lowercased() {
    case "a", "e", "i", "o": return "an"
    case "u":
      // "a User", "a Unique…", but "an Update", "an Unlock".
      let vowels = "aeiouy"
      let saysYou =
        letters.count > 2 && !vowels.contains(letters[1].lowercased())
        && vowels.contains(letters[2].lowercased())
      return saysYou ? "a" : "an"
    default: return "a"
    }
  }

  /// `name` as an expression: a keyword in backticks.
  static func identifier(_ name: String) -> String {
    SwiftWords.isKeyword(name) ? "`\(name)`" : name
  }

  /// `name`, in backticks unless it is a plain identifier: a name Veneer builds from a raw
  /// identifier (`` `load all` ``, Swift 6.2) must be one too.
  static func rawIdentifierIfNeeded(_ name: String) -> String {
    SwiftWords.isPlainIdentifier(name) ? name : "`\(name)`"
  }

  /// The camel-case and snake-case words of a name, digits apart from letters: `cvv2` and
  /// `pin_1` name a `cvv` and a `pin`.
  private static func words(of name: String) -> [String] {
    snakeCase(name).split(separator: "_").flatMap { splitDigits(String($0)) }
  }

  private static func splitDigits(_ word: String) -> [String] {
    var parts: [String] = []
    var current = ""
    for character in word {
      if let last = current.last, last.isNumber != character.isNumber {
        parts.append(current)
        current = ""
      }
      current.append(character)
    }
    if !current.isEmpty { parts.append(current) }
    return parts
  }
}

extension String {
  /// `{template}{protocol}` with each `{name}` that `value` knows replaced, and other braces
  /// kept; run once per protocol and template, so it searches bytes.
  package func replacingPlaceholders(_ value: (Substring) -> String?) -> String {
    var result = ""
    var rest = self[...]
    while let open = rest.utf8.firstIndex(of: UInt8(ascii: "{")) {
      result += rest[..<open]
      let nameStart = rest.utf8.index(after: open)
      if let close = rest.utf8[nameStart...].firstIndex(of: UInt8(ascii: "}")),
        let replacement = value(rest[nameStart..<close])
      {
        result += replacement
        rest = rest[rest.utf8.index(after: close)...]
      } else {
        result += "{"
        rest = rest[nameStart...]
      }
    }
    return result + rest
  }
}

extension Array where Element == String {
  /// These names joined by dots, followed by `members`: a member named `Type` or `Protocol`
  /// in backticks, as Swift reads it otherwise as a metatype (`GraphQL.\`Type\``).
  func followed(byMembers members: [String]) -> String {
    let afterDots = members.enumerated().map { index, member in
      let followsADot = index > 0 || !isEmpty
      return followsADot && (member == "Type" || member == "Protocol") ? "`\(member)`" : member
    }
    return (self + afterDots).joined(separator: ".")
  }
}
