// How the mai-sandbox process leaves once its command is done.
#pragma once

namespace mai::cli {

// Flushes standard output and error and ends the process with `status` at
// once (_exit): the command has already destroyed everything it made (the
// node, and with it the audit log, closed and synced), so what exit() would
// still do (static destructors, joining RocksDB's background threads, atexit
// handlers such as OpenSSL's clean-up) has nothing durable left to do and
// only costs the run's time. Under the sanitizers it returns `status` for
// main() to return instead, so the leak check at exit still runs.
int leave_process(int status);

}  // namespace mai::cli
