import Checkout
import Logging
import Payments
import VeneerRuntime

// The plugin's decorator of Cart, which inherits Payments' Priced, and the macro's of Gateway.
var logger = Logger(label: "shop")
logger.logLevel = .debug
let cart = SimpleCart().withLogging(logger)
print("total", await cart.total(of: ["tea", "milk"]))
print(try await FakeGateway().withLogging(logger).charge(cents: 700))
print("rates", bundledRates())
