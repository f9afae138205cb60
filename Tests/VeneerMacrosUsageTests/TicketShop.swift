import VeneerMacros

// A file with `@Decorated` and only `import VeneerMacros`: every built-in, each setting typed,
// what may be shown and what may be cached declared in the attribute. The target enables
// MemberImportVisibility, so nothing reaches this file through another file's imports.

public struct Ticket: Hashable, Sendable {
  public var id: Int
  public var seat: String
}

@Decorated(
  .logging(level: .info), .analytics, .caching(ttl: .seconds(60)), .tracing, .metrics,
  .timeout(.seconds(2)), public: ["id"], cached: ["ticket(id:)"])
public protocol TicketShop: Sendable {
  func ticket(id: Int) async throws -> Ticket
  func buy(id: Int, cardNumber: String) async throws -> Ticket
}

/// Decorators only in builds where the condition holds: these tests' debug builds.
@Decorated(.logging, behindPreprocessorFlag: "DEBUG")
public protocol Clock: Sendable {
  func now() -> Int
}

struct BoxOffice: TicketShop {
  let sales = Tally()

  func ticket(id: Int) async throws -> Ticket {
    sales.add()
    return Ticket(id: id, seat: "A\(id)")
  }

  func buy(id: Int, cardNumber: String) async throws -> Ticket {
    sales.add()
    return Ticket(id: id, seat: "B\(id)")
  }
}

struct FixedClock: Clock {
  func now() -> Int { 42 }
}
