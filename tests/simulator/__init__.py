"""A stateful fake of the bunny.net management API for the collection's tests. See docs/simulator.md."""
