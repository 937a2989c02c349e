// logging: a record goes wherever the handlers added to the logging system
// send it. A handler the library model gives an `emit` (SysLogHandler,
// SocketHandler, HTTPHandler, SMTPHandler ... to another host) makes every
// later log call (logger.info(x), logging.error(x)) that effect with the
// record's arguments as its data: a secret logged through a network handler
// leaves the machine. Handlers are kept for the whole program, whichever
// logger they were added to (root and named loggers share them here).
#include <algorithm>
#include <string>

#include "assess/library_model.hpp"
#include "assess/python_interp.hpp"

namespace mai::assess {
namespace {

// A handler whose destination is this machine (a Unix socket such as
// /dev/log, or no address: the local syslog) sends nothing out.
bool local_destination(const std::string& text) {
  return text.empty() || text[0] == '/' || text.rfind("localhost", 0) == 0 || text.rfind("127.", 0) == 0;
}

}  // namespace

void PyInterp::add_log_handlers(const Value& handlers) {
  std::vector<Value> items;
  iterate(handlers, &items);
  if (items.empty()) items.push_back(handlers);
  for (const Value& h : items)
    for (const auto& a : h.alts) {
      if (log_handlers_.size() >= 8) return;
      Value one;
      one.alts.push_back(a);
      if (a.k == VK::object && ctx_.lib.method(a.s, "emit") && !local_destination(a.extra)) {
        log_handlers_.push_back(std::move(one));
      } else if (a.k == VK::instance) {
        // A handler class of this program's own: its emit(record) is called.
        Value emit = attribute_of(one, "emit", kNoNode);
        if (std::any_of(emit.alts.begin(), emit.alts.end(),
                        [](const Alt& m) { return m.k == VK::method || m.k == VK::function; }))
          log_handlers_.push_back(std::move(one));
      }
    }
}

void PyInterp::emit_log_record(Args& args, NodeId site) {
  if (log_handlers_.empty()) return;
  // The record's message shows what its arguments' reprs show (a dataclass
  // logged with %r shows its fields).
  Args record = args;
  for (const auto& v : args.pos) {
    Value shown = repr_content(v);
    if (shown.taint) record.pos.push_back(std::move(shown));
  }
  for (Value& handler : log_handlers_) {
    const Alt& a = handler.alts[0];
    if (a.k == VK::instance) {
      // The record as an object carrying what its message and arguments carry
      // (self.format(record), record.getMessage() keep it).
      Value rec = Value::object("logging.LogRecord");
      for (const auto& v : record.pos) {
        rec.taint |= deep_taint(v);
        if (rec.ev < 0) rec.ev = v.ev;
      }
      Args one;
      one.pos.push_back(std::move(rec));
      call(attribute_of(handler, "emit", site), one, site);
    } else if (const ApiSpec* emit = ctx_.lib.method(a.s, "emit")) {
      apply_spec(*emit, emit->name, &handler, record, site);
    }
  }
}

}  // namespace mai::assess
