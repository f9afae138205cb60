import StreamingServices

let shows = await AllShowsService().allShows()
print("Shows:", shows.map(\.title).joined(separator: ", "))
let user = DemoUserService().authenticate(username: "ada", password: "open sesame")
print("Signed in:", user?.name ?? "nobody")
