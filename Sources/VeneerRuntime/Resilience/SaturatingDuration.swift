/// Arithmetic on durations that saturates instead of trapping: a policy's options come from
/// users (a backoff of centuries, a multiplier of `.infinity`, a burst of `Int.max`) and no
/// option may crash a call. Results are kept within `±Duration.saturationLimit`, some 36
/// billion years, which every clock sleep and comparison handles.
extension Duration {
  /// The longest duration policy arithmetic gives: 2^60 seconds.
  @usableFromInline
  static let saturationLimit = Duration(secondsComponent: 1 << 60, attosecondsComponent: 0)

  /// `self` within `±saturationLimit`.
  @usableFromInline
  var saturated: Duration {
    min(max(self, .zero - Self.saturationLimit), Self.saturationLimit)
  }

  /// `self + other`, saturated.
  @usableFromInline
  func saturatingAdding(_ other: Duration) -> Duration {
    // Both within the limit, the sum's seconds fit in 61 bits: `+` cannot trap.
    (saturated + other.saturated).saturated
  }

  /// `self * factor`, saturated.
  func saturatingMultiplied(by factor: Int) -> Duration {
    let base = saturated
    let (seconds, overflow) = base.components.seconds.multipliedReportingOverflow(
      by: Int64(clamping: factor))
    guard !overflow, seconds.magnitude < 1 << 60 else {
      return (base < .zero) != (factor < 0) ? .zero - Self.saturationLimit : Self.saturationLimit
    }
    return (base * factor).saturated
  }

  /// `self * factor`, saturated; a factor that is not a number gives zero.
  func saturatingMultiplied(by factor: Double) -> Duration {
    guard !factor.isNaN, self != .zero, factor != 0 else { return .zero }
    let seconds = Double(components.seconds) + Double(components.attoseconds) / 1e18
    let product = seconds * factor
    guard product.magnitude < Double(1 << 60) else {
      return product < 0 ? .zero - Self.saturationLimit : Self.saturationLimit
    }
    return (saturated * factor).saturated
  }
}
