"""A well-behaved bot: answers every request with its length, until the host closes."""

from _line import answer, connect, requests

sock = connect()
for request in requests(sock):
    answer(sock, f"len {len(request)}")
