import Logging
import Services
import VeneerRuntime

// Calls the decorators Bazel generated, compiled by SwiftPM beside the sources.
var logger = Logger(label: "example")
logger.logLevel = .debug
let repo = HTTPPostRepo().withCaching(InMemoryCache()).withLogging(logger)
let first = try await repo.getPost(id: 1)
let again = try await repo.getPost(id: 1)
print(format(first), first == again ? "(cached)" : "")
_ = try await repo.login(user: "ada", password: "secret")
print("posts:", try await repo.count())
print("forecast:", try await FixedWeather().withLogging(logger).forecast(city: "Lisbon"))
