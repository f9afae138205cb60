// An excluded fixture: not one of Payments' sources, so not an input of the plugin downstream.
protocol ExcludedFixture {}
