"""Loopback ports for the app instances the test harnesses start (scripts/lib/soak.py, Tests/e2e)."""
import socket

_given_ports = set()


def free_port():
    """A loopback port nobody listens on, never the same one twice in a run: the kernel may hand
    a just-closed port out again, and two instances on one port would look like one that is up."""
    while True:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        if port not in _given_ports:
            _given_ports.add(port)
            return port
