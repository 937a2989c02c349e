#!/usr/bin/env bash
# runner_limits_writer.sh - render resource limits for the CI runner account
# and install them as a pam_limits drop-in.  The rendered text is streamed
# through a descriptor that feeds an elevated tee, so only that one write
# runs with privileges.
set -euo pipefail

RUNNER_USER="${RUNNER_USER:-ci-runner}"
DROPIN_DIR="/etc/security/limits.d"
DROPIN_NAME="${DROPIN_NAME:-90-${RUNNER_USER}.conf}"
NOFILE="${NOFILE:-65536}"
NPROC="${NPROC:-8192}"
MEMLOCK="${MEMLOCK:-unlimited}"
DRY_RUN=0

usage() {
    echo "usage: ${0##*/} [-n] [-u user] [-f nofile] [-p nproc]" >&2
    exit 2
}

while getopts ":nu:f:p:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        u) RUNNER_USER=$OPTARG; DROPIN_NAME="90-${RUNNER_USER}.conf" ;;
        f) NOFILE=$OPTARG ;;
        p) NPROC=$OPTARG ;;
        *) usage ;;
    esac
done

id "$RUNNER_USER" >/dev/null 2>&1 || { echo "no such user: $RUNNER_USER" >&2; exit 1; }
for v in "$NOFILE" "$NPROC"; do
    [[ "$v" =~ ^[0-9]+$ ]] || { echo "limits must be numeric: $v" >&2; exit 1; }
done

TARGET="${DROPIN_DIR}/${DROPIN_NAME}"
tee_pid=""

finish() {
    local rc=$?
    if [[ -n "${limits_fd:-}" ]]; then
        exec {limits_fd}>&-
    fi
    [[ -n "$tee_pid" ]] && wait "$tee_pid" 2>/dev/null || true
    if [[ $rc -ne 0 ]]; then
        echo "limits not installed (rc=$rc)" >&2
    fi
}
trap finish EXIT

render() {
    printf '# managed by %s on %s - do not edit\n' "${0##*/}" "$(date -u +%FT%TZ)"
    local item kind
    for item in "nofile:$NOFILE" "nproc:$NPROC" "memlock:$MEMLOCK"; do
        for kind in soft hard; do
            printf '%-12s %-5s %-8s %s\n' "$RUNNER_USER" "$kind" "${item%%:*}" "${item#*:}"
        done
    done
}

if [[ $DRY_RUN -eq 1 ]]; then
    echo "would write $TARGET:"
    render
    exit 0
fi

# Open the privileged sink once; everything written to the fd lands in /etc.
exec {limits_fd}> >(sudo tee "$TARGET" >/dev/null)
tee_pid=$!
render >&"$limits_fd"
exec {limits_fd}>&-
unset limits_fd
wait "$tee_pid"
tee_pid=""

sudo chmod 0644 "$TARGET"
echo "installed $TARGET:"
sudo cat "$TARGET"
echo "new limits apply to the next login session of $RUNNER_USER"
