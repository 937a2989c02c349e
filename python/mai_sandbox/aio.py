"""The asyncio client: the same methods as Client, awaitable. Submissions
do not take a thread each: the native client completes them from its own
threads into the event loop."""
from __future__ import annotations

import asyncio
from typing import Any, AsyncIterator, Callable, Generator, Optional, Union

from . import _request
from ._request import Code, Files, PathLike
from .client import _register
from .errors import MaiSandboxError, from_native, raise_for_status
from .results import Assessment, Result, Sample, ServiceStatus

__all__ = ["AsyncClient", "Run"]

_DONE = object()


class Run:
    """A submission in flight. ``await run`` gives its Result (or raises like
    Client.run); ``async for sample in run`` yields its live Samples until
    the run ends. Cancelling the awaiting task does not stop the run on the
    service; it only stops waiting for it."""

    def __init__(self, loop: asyncio.AbstractEventLoop,
                 on_stats: Optional[Callable[[Sample], Any]]) -> None:
        self._loop = loop
        self._future: "asyncio.Future[Result]" = loop.create_future()
        self._samples: "asyncio.Queue[Any]" = asyncio.Queue()
        self._on_stats = on_stats

    # Called on the client's threads.
    def _sample(self, d: dict) -> None:
        self._threadsafe(self._deliver_sample, Sample.from_dict(d))

    def _done(self, result: Optional[dict], error: Optional[tuple]) -> None:
        self._threadsafe(self._settle, result, error)

    def _threadsafe(self, fn: Callable[..., None], *args: Any) -> None:
        try:
            self._loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:  # the loop is closed: nobody waits any more
            pass

    # Called in the loop.
    def _deliver_sample(self, sample: Sample) -> None:
        self._samples.put_nowait(sample)
        if self._on_stats is not None:
            self._on_stats(sample)

    def _settle(self, result: Optional[dict], error: Optional[tuple]) -> None:
        self._samples.put_nowait(_DONE)  # after every sample: the client sends none after the end
        if self._future.cancelled():
            return
        if error is not None:
            self._future.set_exception(from_native(*error))
            return
        assert result is not None
        try:
            self._future.set_result(raise_for_status(Result.from_dict(result)))
        except MaiSandboxError as e:
            self._future.set_exception(e)

    def __await__(self) -> Generator[Any, None, Result]:
        return self._future.__await__()

    async def result(self) -> Result:
        return await self._future

    def done(self) -> bool:
        return self._future.done()

    def __aiter__(self) -> AsyncIterator[Sample]:
        return self._iterate()

    async def _iterate(self) -> AsyncIterator[Sample]:
        while True:
            item = await self._samples.get()
            if item is _DONE:
                return
            yield item


class AsyncClient:
    """A connection to a mai-sandbox service for asyncio programs.

    >>> async with AsyncClient("sandbox:7443", cert=..., key=..., ca=...) as c:
    ...     r = await c.run('print("hello")')

    Connect with ``async with`` or ``await client.connect()``; the
    arguments are Client's.
    """

    def __init__(self, server: str, *, cert: Optional[PathLike] = None,
                 key: Optional[PathLike] = None, ca: Optional[PathLike] = None,
                 connect_timeout: float = 5.0, heartbeat_interval: float = 1.0,
                 heartbeat_timeout: float = 5.0) -> None:
        self.server = server
        self._args = (server, cert, key, ca, connect_timeout, heartbeat_interval,
                      heartbeat_timeout)
        self._native: Any = None

    async def connect(self) -> "AsyncClient":
        """Connects (in a thread: connecting blocks). Raises like Client()."""
        if self._native is None:
            loop = asyncio.get_running_loop()
            self._native = await loop.run_in_executor(None, _request.connect, *self._args)
            _register(self._native)
        return self

    def _connection(self) -> Any:
        if self._native is None:
            raise MaiSandboxError("the AsyncClient is not connected: use `async with` or connect()")
        return self._native

    def start(self, code: Code, *, on_stats: Optional[Callable[[Sample], Any]] = None,
              **options: Any) -> Run:
        """Submits ``code`` and returns at once with its Run (await it, or
        iterate its samples). Options as Client.run; ``on_stats`` is called in
        the event loop."""
        options = dict(_RUN_DEFAULTS, **options)
        request = _request.run_request(code, **options)
        run = Run(asyncio.get_running_loop(), on_stats)
        _request.native_call(self._connection().submit_async, request, run._sample, run._done)
        return run

    async def run(self, code: Code, *, lang: str = "python", trust: str = "unknown",
                  origin: str = "mai", network: str = "none", backend: Optional[str] = None,
                  timeout: Optional[float] = None, memory: Optional[Union[int, str]] = None,
                  cpus: Optional[float] = None, pids: Optional[int] = None,
                  override_reason: Optional[str] = None, parent: Optional[str] = None,
                  on_stats: Optional[Callable[[Sample], Any]] = None,
                  filename: Optional[str] = None, files: Optional[Files] = None,
                  collect_tmp: bool = False, return_contents: bool = False) -> Result:
        """Client.run, awaitable; ``on_stats`` is called in the event loop."""
        return await self.start(code, lang=lang, trust=trust, origin=origin, network=network,
                                backend=backend, timeout=timeout, memory=memory, cpus=cpus,
                                pids=pids, override_reason=override_reason, parent=parent,
                                on_stats=on_stats, filename=filename, files=files,
                                collect_tmp=collect_tmp, return_contents=return_contents)

    async def assess(self, code: Code, *, lang: str = "python", origin: str = "mai") -> Assessment:
        """Client.assess, awaitable."""
        native = self._connection()
        loop = asyncio.get_running_loop()
        raw = await loop.run_in_executor(None, _request.native_call, native.assess, code, lang,
                                         origin)
        return Assessment.from_dict(raw)

    async def status(self) -> ServiceStatus:
        """Client.status, awaitable."""
        native = self._connection()
        loop = asyncio.get_running_loop()
        raw = await loop.run_in_executor(None, _request.native_call, native.status)
        return ServiceStatus.from_dict(raw)

    @property
    def connected(self) -> bool:
        return self._native is not None and bool(self._native.connected)

    async def close(self) -> None:
        """Closes the connection; runs still in flight end with ConnectionLost."""
        if self._native is not None:
            native = self._native
            await asyncio.get_running_loop().run_in_executor(None, native.close)

    async def __aenter__(self) -> "AsyncClient":
        return await self.connect()

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()


_RUN_DEFAULTS = dict(lang="python", trust="unknown", origin="mai", network="none", backend=None,
                     timeout=None, memory=None, cpus=None, pids=None, override_reason=None,
                     parent=None, filename=None, files=None, collect_tmp=False,
                     return_contents=False)
