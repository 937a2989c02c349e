#include "sandbox/prepared_backend.hpp"

#include <condition_variable>
#include <mutex>
#include <thread>

#include "common/error.hpp"
#include "common/phase_log.hpp"
#include "sandbox/phase_timing.hpp"

namespace mai::sandbox {

namespace {

class PreparedBackend final : public Backend {
 public:
  PreparedBackend(std::shared_ptr<Backend> inner, WarmSource& source, const WarmShape& shape,
                  std::string scratch_root)
      : inner_(std::move(inner)), shape_(shape), scratch_root_(std::move(scratch_root)) {
    thread_ = std::thread([this, &source, shape] {
      std::unique_ptr<WarmEntry> entry;
      {
        // With MAI_PHASES, the build's steps are marks of the process (the bench's).
        PhaseEcho marks("prepared sandbox: ");
        phase_done("thread started");
        try {
          entry = source.prepare_warm(shape, scratch_root_, {[this] {
                                        std::lock_guard<std::mutex> lock(mu_);
                                        memory_released_ = true;
                                        changed_.notify_all();
                                      }});
        } catch (const std::exception&) {
          // The run starts cold, and says why if that fails too.
        }
      }
      std::unique_lock<std::mutex> lock(mu_);
      entry_ = std::move(entry);
      built_ = true;
      changed_.notify_all();
      // The sandbox's init dies with the thread that made it: this one stays
      // until the backend goes, after the run, and destroys an unused one first.
      changed_.wait(lock, [this] { return stop_; });
      std::unique_ptr<WarmEntry> unused = std::move(entry_);
      lock.unlock();
    });
  }

  ~PreparedBackend() override {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    changed_.notify_all();
    thread_.join();
  }

  std::unique_ptr<Sandbox> launch(const RunSpec& spec) override {
    std::unique_ptr<WarmEntry> entry;
    if (spec.scratch_root == scratch_root_ && warm_fits(shape_, spec)) {
      std::unique_lock<std::mutex> lock(mu_);
      changed_.wait(lock, [this] { return built_; });  // no slower than building it now
      entry = std::move(entry_);
    }
    // One that does not fit stays until the backend goes (off the run's path).
    if (entry) {
      try {
        return entry->hand_off(spec);
      } catch (const SandboxError& e) {
        if (e.code() != kWarmEntryLost) throw;
      }
    }
    return inner_->launch(spec);
  }

  std::vector<std::string> isolation() const override { return inner_->isolation(); }

  void await_host_memory_released() {
    std::unique_lock<std::mutex> lock(mu_);
    changed_.wait(lock, [this] { return memory_released_ || built_; });
  }

 private:
  std::shared_ptr<Backend> inner_;
  WarmShape shape_;
  std::string scratch_root_;
  std::mutex mu_;
  std::condition_variable changed_;
  std::unique_ptr<WarmEntry> entry_;
  bool built_ = false;
  bool memory_released_ = false;  // WarmBuildHooks::host_memory_released
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace

void await_host_memory_released(Backend& backend) {
  if (auto* prepared = dynamic_cast<PreparedBackend*>(&backend)) prepared->await_host_memory_released();
}

std::shared_ptr<Backend> make_prepared_backend(std::shared_ptr<Backend> inner, const WarmShape& shape,
                                               const std::string& scratch_root) {
  auto* source = dynamic_cast<WarmSource*>(inner.get());
  if (!source) return inner;
  return std::make_shared<PreparedBackend>(inner, *source, shape, scratch_root);
}

}  // namespace mai::sandbox
