"""What a program sees when things go wrong: the service going away mid-run,
a certificate the service does not accept, a service that is not there."""
import signal
import socket
import threading
import time

import pytest

from conftest import credentials

from mai_sandbox import AsyncClient, Client, ConnectionLost, Unreachable, UsageError


def test_the_service_going_away_mid_run(own_service, pki):
    c = Client(own_service.address, **credentials(pki), heartbeat_timeout=3)
    started = threading.Event()
    outcome = {}

    def run():
        try:
            outcome["result"] = c.run("import time\ntime.sleep(60)\n",
                                      on_stats=lambda s: started.set())
        except Exception as e:  # noqa: BLE001 - checked below
            outcome["error"] = e

    t = threading.Thread(target=run)
    t.start()
    assert started.wait(60), "the run never started"
    own_service.service.proc.send_signal(signal.SIGKILL)
    t.join(timeout=60)
    assert not t.is_alive(), "run() did not return after the service died"
    assert isinstance(outcome.get("error"), ConnectionLost), outcome
    assert isinstance(outcome["error"], Unreachable)  # ConnectionLost is an Unreachable
    # The connection is known to be gone; further calls say so at once.
    deadline = time.time() + 30
    while c.connected and time.time() < deadline:
        time.sleep(0.1)
    assert not c.connected
    with pytest.raises(ConnectionLost):
        c.run("print(1)")
    with pytest.raises(ConnectionLost):
        c.status()
    c.close()
    c.close()  # idempotent


def test_async_run_in_flight_when_the_service_dies(own_service, pki):
    import asyncio

    async def main():
        async with AsyncClient(own_service.address, **credentials(pki)) as c:
            run = c.start("import time\ntime.sleep(60)\n")
            async for _ in run:  # the first sample: it runs
                break
            own_service.service.proc.send_signal(signal.SIGKILL)
            with pytest.raises(ConnectionLost):
                await asyncio.wait_for(run.result(), 60)

    asyncio.run(main())


def test_a_certificate_of_another_ca_is_refused(served, pki, rogue_pki, tmp_path):
    rogue = {"cert": rogue_pki / "mai.pem", "key": rogue_pki / "mai.key"}
    # The service refuses it (the client trusts both CAs, so it tries).
    both = tmp_path / "both.pem"
    both.write_text((pki / "ca.pem").read_text() + (rogue_pki / "ca.pem").read_text())
    with pytest.raises(Unreachable) as caught:
        Client(served.address, ca=both, **rogue)
    assert "TLS" in str(caught.value)
    # The client refuses to present a certificate its own CA did not sign.
    with pytest.raises(UsageError) as caught:
        Client(served.address, ca=pki / "ca.pem", **rogue)
    assert "not signed by the CA" in str(caught.value)
    # The service's CA is not ours: the client does not trust the server.
    with pytest.raises(Unreachable):
        Client(served.address, **credentials(rogue_pki))
    # Half the TLS options, missing files, no TLS to a TLS port.
    with pytest.raises(UsageError):
        Client(served.address, cert=pki / "mai.pem")
    with pytest.raises(UsageError):
        Client(served.address, cert=tmp_path / "none.pem", key=pki / "mai.key", ca=pki / "ca.pem")
    with pytest.raises(Unreachable):
        Client(served.address, connect_timeout=3)
    # The service still serves good clients.
    with Client(served.address, **credentials(pki)) as c:
        assert c.run("print(1)").stdout == b"1\n"


def test_no_service_there(pki):
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(Unreachable):
        Client("127.0.0.1:%d" % port, connect_timeout=2, **credentials(pki))
    with pytest.raises(UsageError):
        Client("not an address", **credentials(pki))
    # Plain TCP is only for loopback.
    with pytest.raises(UsageError):
        Client("192.0.2.1:7443")


def test_close_from_another_thread_while_the_callers_live(served, pki):
    # CAF 0.17 keeps a reference per thread that used the client; the client
    # library drops them, or this close() would wait forever.
    c = Client(served.address, **credentials(pki))
    assert c.run("print(1)").stdout == b"1\n"  # from this (the main) thread
    closer = threading.Thread(target=c.close)
    closer.start()
    closer.join(timeout=60)
    assert not closer.is_alive(), "close() from another thread hung"
    assert not c.connected
