"""Which connections the gateway closes beyond its caps, and how it names peers."""

from __future__ import annotations

from services.gateway.connections import (
    Connection,
    ConnectionCaps,
    beyond_caps,
    peer_endpoint,
)


def conn(inode: int, host: str, port: int, first_seen: int) -> Connection:
    return Connection(fd=inode, inode=inode, local_port=50051, peer=(host, port),
                      first_seen=first_seen)


def test_peer_strings_of_grpc_name_the_same_endpoints_as_sockets() -> None:
    assert peer_endpoint("ipv4:10.0.0.7:53122") == ("10.0.0.7", 53122)
    assert peer_endpoint("ipv6:[::1]:53122") == ("::1", 53122)
    assert peer_endpoint("ipv6:[::ffff:10.0.0.7]:80") == ("10.0.0.7", 80)
    assert peer_endpoint("unix:/tmp/s") is None


def test_beyond_the_total_cap_streamless_connections_go_first_newest_first() -> None:
    older_idle = conn(1, "10.0.0.1", 1, first_seen=1)
    bot = conn(2, "10.0.0.2", 2, first_seen=3)  # the newest, but it carries a stream
    newer_idle = conn(3, "10.0.0.3", 3, first_seen=2)
    closing = beyond_caps([older_idle, bot, newer_idle], ConnectionCaps(2),
                          with_stream={("10.0.0.2", 2)})
    assert closing == [(newer_idle, "max_connections")]
    closing = beyond_caps([older_idle, bot, newer_idle], ConnectionCaps(1),
                          with_stream={("10.0.0.2", 2)})
    assert closing == [(newer_idle, "max_connections"), (older_idle, "max_connections")]


def test_the_per_address_cap_comes_first_and_counts_once() -> None:
    crowd = [conn(i, "10.0.0.9", 100 + i, first_seen=i) for i in range(1, 6)]
    other = conn(10, "10.0.0.1", 1, first_seen=1)
    closing = beyond_caps([*crowd, other], ConnectionCaps(3, per_address=2), set())
    assert closing == [(crowd[4], "per_address"), (crowd[3], "per_address"),
                       (crowd[2], "per_address")]
    closing = beyond_caps([*crowd, other], ConnectionCaps(2, per_address=2), set())
    assert closing[-1] == (crowd[1], "max_connections") and len(closing) == 4
    assert beyond_caps([*crowd, other], ConnectionCaps(10), set()) == []
