// logging: a record goes wherever the handlers added to the logging system
// send it. A handler the library model gives an `emit` (SysLogHandler,
// SocketHandler, HTTPHandler, SMTPHandler ... to another host) makes every
// later log call (logger.info(x), logging.error(x)) that effect with the
// record's arguments as its data: a secret logged through a network handler
// leaves the machine. Handlers are kept for the whole program, whichever
// logger they were added to (root and named loggers share them here).
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
    for (const auto& a : h.alts)
      if (a.k == VK::object && ctx_.lib.method(a.s, "emit") && !local_destination(a.extra) &&
          log_handlers_.size() < 8) {
        Value one;
        one.alts.push_back(a);
        log_handlers_.push_back(std::move(one));
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
    if (const ApiSpec* emit = ctx_.lib.method(a.s, "emit")) apply_spec(*emit, emit->name, &handler, record, site);
  }
}

}  // namespace mai::assess
