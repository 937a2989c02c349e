// One running container (host side): output from the attach stream, the wall
// timeout and flood limit, the exit status (from our init as the container's
// pid 1, init_exit.hpp, else the daemon's /wait), final figures from the
// run's own parent cgroup, and removal of everything the run created.
#pragma once
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "sandbox/cgroup.hpp"
#include "sandbox/docker/docker_client.hpp"
#include "sandbox/docker/run_tmpfs.hpp"
#include "sandbox/docker/write_watch_socket.hpp"
#include "sandbox/docker/frame_demux.hpp"
#include "sandbox/docker/init_exit.hpp"
#include "sandbox/docker/output_end.hpp"
#include "sandbox/file_manifest.hpp"
#include "sandbox/id_lease.hpp"
#include "sandbox/input_staging.hpp"
#include "sandbox/output_pump.hpp"
#include "sandbox/run_dir.hpp"
#include "sandbox/sandbox.hpp"

namespace mai::sandbox::docker {

// What launch() hands over; DockerSandbox owns and removes all of it.
struct DockerRun {
  IdLease ids;                     // the program's host uid/gid, held until its containers are gone
  std::string socket;
  std::string run_id;
  std::unique_ptr<RunDir> dir;     // holds the run's lock (stale-run cleanup tests it)
  std::unique_ptr<Cgroup> parent;  // <cgroup_parent>/<run_id>: the container's cgroup lives below
  std::string cgroup_parent;       // config value, for removing leftovers in other hierarchies
  std::string container_id;        // the program's container
  std::string holder_id;           // deps: the network-namespace holder
  int32_t init_pid = 0;            // host pid of the container's init
  int proxy_fd = -1;
  // A warm container's: attached before it started (raw_attach.hpp), its
  // output read from here instead of a fresh attach; its stdin takes the go.
  int attach_fd = -1;
  // A warm run's: once the program has ended, the removal happens on the
  // reaper's thread (run_dir_reaper.hpp), off the request path.
  bool defer_removal = false;
  Limits limits;
  uint64_t flood_bytes = 0;
  // After `dir`: destroyed (detached) before it is removed. Shared: a warm
  // run's sandbox reads the manifest from them while the reaper removes the rest.
  std::shared_ptr<RunTmpfs> sandbox_fs;  // the container's /sandbox
  std::shared_ptr<RunTmpfs> tmp_fs;      // its /tmp, only when collected (always when warm)
  FileBaseline baseline;                 // what /sandbox held before the code started
  ManifestLimits manifest;
  bool collect_tmp = false;
  // Refused writes counted: the socket until the container's entry handed
  // its listener over (start(), or a warm container's start), then the watch.
  std::unique_ptr<WriteWatchSocket> watch_socket;
  std::unique_ptr<RefusedWriteWatch> watch;
  // The entry's connection, once it handed the watch over: it reports the
  // program's end there (init_exit.hpp).
  EntryLink entry;
};

// Once a container started: takes its entry's listener through
// run.watch_socket (when counting), starts run.watch and keeps run.entry,
// whose end marker holds `end_secret` (new_end_secret()). Throws SandboxError.
void start_write_watch(DockerRun& run, const std::string& end_secret);

class DockerSandbox final : public Sandbox {
 public:
  // Starts attaching; start() then starts the container once the attach is live.
  explicit DockerSandbox(DockerRun run);
  ~DockerSandbox() override;

  void start();  // throws SandboxError; the destructor cleans up either way
  // A warm container already running with run.attach_fd: its program gets
  // `input` on stdin, then EOF, and its run (and timeout) starts now. Throws
  // SandboxError(kWarmEntryLost) if the container no longer takes it.
  void go(const std::string& input);
  ProbeTarget probe_target() const override;
  RawOutcome wait() override;
  void kill() override;
  int proxy_listener_fd() const override { return run_.proxy_fd; }
  std::vector<uint32_t> host_ids() const override { return ids_; }
  // After wait(): /sandbox (and /tmp when asked) from the mounts' descriptors.
  FileManifest collect_files() override;

 private:
  void attach_thread();
  void read_attached();  // attach_fd's frames, until the daemon ends them
  void exit_thread();  // the end from our init if it can say it, else from /wait
  void wait_thread();  // the daemon's /wait
  void stop_threads();  // the attach reader and the waiter joined, descriptors closed
  void cleanup();        // everything removed, now
  // Threads joined now; containers, cgroup, lease, host mounts (detached) and
  // directory by the reaper. Only once the daemon gave the program's exit.
  void remove_later();
  std::unique_ptr<Cgroup> child_cgroup() const;  // null without cgroups
  CgroupStats child_stats() const;

  DockerRun run_;
  std::vector<uint32_t> ids_;  // what run_.ids held, still known after the release
  Client client_;
  std::mutex mu_;
  std::condition_variable cv_;
  // Output, filled by the attach thread.
  StreamCapture out_, err_;
  OutputEnd out_end_, err_end_;  // the init's end markers, when it writes them
  FrameDemux demux_;
  bool attached_ = false, attach_done_ = false;
  // Set once a flood's kill was sent (or the threads stop): until then the
  // readers stop draining the stream (hold_while_flooded()).
  bool flood_handled_ = false;
  long attach_status_ = 0;
  std::string attach_error_;
  StreamCancel attach_cancel_;
  std::thread attach_;
  void hold_while_flooded(std::unique_lock<std::mutex>& lock);
  void expect_end_markers(const std::string& secret);  // before the entry has it
  void mark_end_phases();  // when the end's parts were seen, as phases
  void note_output_end();  // both markers seen: the output is all in
  void flush_output_end();  // the stream ended: what a marker's start held back is output
  bool output_ended_ = false;  // attach_done_, or both markers seen
  std::chrono::steady_clock::time_point output_end_at_;
  // Exit, filled by the exit thread: from our init (wait_status_), else /wait.
  std::unique_ptr<InitExit> init_exit_;  // null: the daemon's /wait says the end
  // The entry's connection when init_exit_ could not take it (no pidfd):
  // held for the run's life all the same, since the entry ends the run
  // when it closes (its supervisor died: init/docker_entry.cpp).
  UniqueFd entry_conn_;
  void keep_entry();  // run_.entry into init_exit_ (or entry_conn_)
  bool exit_known_ = false;
  std::optional<int> wait_status_;
  int64_t exit_code_ = -1;
  std::chrono::steady_clock::time_point init_reported_at_, init_gone_at_, wait_answered_at_;
  std::string wait_error_;
  std::thread waiter_;
  std::chrono::steady_clock::time_point started_, ended_;
  bool kill_requested_ = false;

  bool cleaned_ = false;
  std::optional<RawOutcome> outcome_;
};

// The run's parent cgroup dirs in every mounted hierarchy (runc creates the
// ones we did not), removed once the containers are gone. True when none is left.
bool remove_parent_cgroup(const std::string& cgroup_parent, const std::string& run_id);

}  // namespace mai::sandbox::docker
