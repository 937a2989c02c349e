// The Python program a warm sandbox starts before its code exists. It is the
// sandbox's /sandbox/main.py at first, so the interpreter starts exactly as a
// cold run's does (same argv, sys.path, __main__, __file__, loader, modules):
// it tells the sandbox's init it waits (fd 3, a socket; only then may the
// code replace it in the file), waits until the init closes its end (the
// code is now written over main.py), having sent the rlimits a finer request
// lowers, closes it, compiles main.py and runs it in __main__'s namespace
// as it was before the bootstrap touched it (a syntax error too). An uncaught exception is
// reported without the bootstrap's own frame and exits 1 (KeyboardInterrupt:
// by SIGINT), as the interpreter does for a script.
#pragma once

namespace mai::sandbox {

inline constexpr const char* kPythonWarmBootstrap = R"PY(def _(g=globals(), base=dict(globals())):
    import os, sys
    os.write(3, b'w')
    go = b''
    while chunk := os.read(3, 4096):
        go += chunk
    os.close(3)
    if go:  # a finer request's rlimits (only then is resource loaded, and forgotten)
        import resource
        for item in go.split():
            r, v = map(int, item.split(b'='))
            resource.setrlimit(r, (v, v))
        del sys.modules['resource']
    with open(__file__, 'rb') as f:
        source = f.read()
    g.clear()
    g.update(base)
    try:
        exec(compile(source, __file__, 'exec', dont_inherit=True), g)
    except SystemExit:
        raise
    except BaseException as e:
        # The traceback starts at the program's own frame.
        e.__traceback__ = e.__traceback__.tb_next
        sys.excepthook(type(e), e, e.__traceback__)
        if isinstance(e, KeyboardInterrupt):
            import signal
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGINT)
        raise SystemExit(1)
_()
)PY";

}  // namespace mai::sandbox
