"""Never answers: spins on the CPU once asked to decide."""

from _line import connect, requests

sock = connect()
next(requests(sock))
while True:
    pass
