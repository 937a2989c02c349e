// The Python program a warm sandbox starts before its code exists. It is the
// sandbox's /sandbox/main.py at first, so the interpreter starts exactly as a
// cold run's does (same argv, sys.path, __main__, __file__, loader, modules):
// it says it waits (only then may the code replace it in the file), reads its
// go until the channel ends (the code is now written over main.py), having
// received the rlimits a finer request lowers, compiles main.py and runs it
// in __main__'s namespace as it was before the bootstrap touched it (a syntax
// error too). An uncaught exception is reported without the bootstrap's own
// frame and exits 1 (KeyboardInterrupt: by SIGINT), as the interpreter does
// for a script.
//
// The channel differs per backend, the protocol does not:
//   init_socket  (native) the init's socket on fd 3: 'w' out, go in, then closed
//   std_streams  (docker) 'w' as the first byte on stdout (the host reads it
//                off the attach stream before the run's output begins), go on
//                stdin until EOF, ending in a newline (stdin also ends when
//                the host dies: then the bootstrap exits and runs nothing);
//                stdin then becomes /dev/null, as a cold container's is.
//                A container whose host died between its attach and its
//                start has a stdin that never ends: the daemon holds it open
//                with nobody on the other side. So the bootstrap gives up on
//                its own after `give_up_s` (SIGALRM, whose default ends it),
//                well after the pool would have recycled it (give_up_after).
#pragma once
#include <cstdint>
#include <string>

namespace mai::sandbox {

enum class WarmChannel { init_socket, std_streams };

// How long a Docker bootstrap waits for its go before it ends itself: twice
// the pool's max_idle (which recycles it first) and 5 s more.
inline unsigned give_up_after(uint64_t max_idle_ms) {
  return static_cast<unsigned>(2 * ((max_idle_ms + 999) / 1000) + 5);
}

// `give_up_s`: std_streams only (0: never).
inline std::string python_warm_bootstrap(WarmChannel channel, unsigned give_up_s = 0) {
  const bool init = channel == WarmChannel::init_socket;
  const bool give_up = !init && give_up_s > 0;
  std::string text = R"PY(def _(g=globals(), base=dict(globals())):
    import os, sys
)PY";
  text += init ? "    say, hear = 3, 3\n" : "    say, hear = 1, 0\n";
  // _signal is loaded at every interpreter's start: nothing new in sys.modules.
  if (give_up) text += "    import _signal\n    _signal.alarm(" + std::to_string(give_up_s) + ")\n";
  text += R"PY(    os.write(say, b'w')
    go = b''
    while chunk := os.read(hear, 4096):
        go += chunk
)PY";
  if (give_up) text += "    _signal.alarm(0)\n";
  text += init ? "    os.close(3)\n"
               : "    if not go.endswith(b'\\n'):\n"
                 "        os._exit(1)  # the host went away: stdin ended without a go\n"
                 "    null = os.open('/dev/null', os.O_RDONLY)\n"
                 "    os.dup2(null, 0)\n"
                 "    os.close(null)\n";
  text += R"PY(    if go:  # a finer request's rlimits (only then is resource loaded, and forgotten)
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
  return text;
}

}  // namespace mai::sandbox
