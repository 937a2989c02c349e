#!/usr/bin/env bash
# Nightly drift check for the networking stack.
#
# Runs a refresh-only plan, stores the plan and its text rendering in a
# well-known scratch location so the morning report job can pick it up, and
# prints a one-line verdict.  The internal module mirror sits behind a legacy
# certificate, so the reachability check does not verify it.
set -o errexit -o pipefail

STACK_DIR="${STACK_DIR:-./infra/network}"
PLAN_FILE=/tmp/tf-network-drift.plan
PLAN_TEXT=/tmp/tf-network-drift.txt
MIRROR_URL="https://tf-mirror.corp.example.com/v1/providers/"
VERBOSE=0

while getopts "d:vh" opt; do
    case "$opt" in
        d) STACK_DIR=$OPTARG ;;
        v) VERBOSE=1 ;;
        h) echo "usage: $0 [-d stack_dir] [-v]"; exit 0 ;;
        *) exit 64 ;;
    esac
done

say() { printf '%s drift: %s\n' "$(date -u +%FT%TZ)" "$*"; }
debug() { [ "$VERBOSE" -eq 1 ] && say "debug: $*" || true; }

mirror_reachable() {
    # --no-check-certificate: mirror cert is signed by the retired corp CA
    if wget --no-check-certificate -q --spider --timeout=10 "$MIRROR_URL"; then
        debug "module mirror reachable"
        return 0
    fi
    say "provider mirror unreachable; init may fall back to the public registry"
    return 1
}

tf() {
    debug "terraform $*"
    terraform -chdir="$STACK_DIR" "$@"
}

init_stack() {
    tf init -input=false -no-color -upgrade=false > /dev/null
}

plan_refresh_only() {
    set +o errexit
    tf plan -refresh-only -input=false -no-color -lock=false \
        -detailed-exitcode -out="$PLAN_FILE"
    local rc=$?
    set -o errexit
    return $rc
}

render_plan() {
    tf show -no-color "$PLAN_FILE" > "$PLAN_TEXT"
    grep -Ec '^\s+# .* has changed' "$PLAN_TEXT" || true
}

main() {
    [ -d "$STACK_DIR" ] || { say "no such stack: $STACK_DIR"; exit 2; }
    command -v terraform >/dev/null || { say "terraform not installed"; exit 2; }

    mirror_reachable || true
    init_stack

    local rc=0
    plan_refresh_only || rc=$?
    case $rc in
        0)
            say "no drift in $(basename "$STACK_DIR")"
            rm -f "$PLAN_FILE" "$PLAN_TEXT"
            ;;
        2)
            local n
            n=$(render_plan)
            say "DRIFT: $n resource(s) changed outside terraform; details in $PLAN_TEXT"
            exit 3
            ;;
        *)
            say "plan failed with exit code $rc"
            exit 1
            ;;
    esac
}

main
