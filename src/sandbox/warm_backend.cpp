#include "sandbox/warm_backend.hpp"

#include "common/error.hpp"
#include "sandbox/run_dir_reaper.hpp"
#include "sandbox/warm.hpp"

namespace mai::sandbox {

namespace {

class WarmBackend final : public Backend {
 public:
  WarmBackend(std::shared_ptr<Backend> inner, WarmSource& source, const config::SandboxConfig& cfg,
              std::string scratch_root)
      : inner_(std::move(inner)),
        scratch_root_(std::move(scratch_root)),
        pool_([&source, root = scratch_root_](const WarmShape& s) { return source.prepare_warm(s, root, {}); },
              cfg.warm, initial_shapes(cfg)) {}

  // Spent warm runs' leftovers (directories, docker containers) are removed
  // before the service is gone, not swept at its next start.
  ~WarmBackend() override { RunDirReaper::instance().flush(); }

  std::unique_ptr<Sandbox> launch(const RunSpec& spec) override {
    if (spec.scratch_root == scratch_root_) {
      if (auto entry = pool_.take(spec)) {
        try {
          return entry->hand_off(spec);
        } catch (const SandboxError& e) {
          if (e.code() != kWarmEntryLost) throw;
        }
      }
    }
    return inner_->launch(spec);
  }

  std::vector<std::string> isolation() const override { return inner_->isolation(); }
  const WarmPool& pool() const { return pool_; }

 private:
  // Python at each trust level's limits, as the executor will ask for them.
  static std::vector<WarmShape> initial_shapes(const config::SandboxConfig& cfg) {
    std::vector<WarmShape> shapes;
    for (auto t : {TrustLevel::unknown, TrustLevel::untrusted, TrustLevel::trusted}) {
      RunSpec spec;
      spec.language = Language::python;
      spec.limits = clamp_to_host(cfg.limits_for(t));
      shapes.push_back(warm_shape_of(spec));
    }
    return shapes;
  }

  std::shared_ptr<Backend> inner_;  // outlives the pool, whose factory uses it
  std::string scratch_root_;
  WarmPool pool_;
};

}  // namespace

std::shared_ptr<Backend> make_warm_backend(std::shared_ptr<Backend> inner, const config::SandboxConfig& cfg,
                                           const std::string& scratch_root) {
  auto* source = dynamic_cast<WarmSource*>(inner.get());
  if (!cfg.warm.enabled || !source) return inner;
  return std::make_shared<WarmBackend>(inner, *source, cfg, scratch_root);
}

std::optional<WarmPool::Counters> warm_counters(const Backend& backend) {
  if (auto* warm = dynamic_cast<const WarmBackend*>(&backend)) return warm->pool().counters();
  return std::nullopt;
}

}  // namespace mai::sandbox
