#!/usr/bin/env bash
# Run the project's git-style hooks declared in ./hooks.d/*.hook
#
# A hook file is a list of KEY=VALUE lines:
#   STAGE=pre-commit
#   ORDER=20
#   RUN=ruff check --fix ${CHANGED_PY}
#   WHEN=has_python
# RUN is evaluated by the shell so hooks may use variables and pipes.
set -uo pipefail

HOOK_DIR="${HOOK_DIR:-./hooks.d}"
LOCK_FILE=/tmp/hook-runner.lock
LOG_FILE=/tmp/hook-runner.log
STAGE="${1:-pre-commit}"
DRY_RUN="${DRY_RUN:-0}"

say() { printf '[hooks] %s\n' "$*" | tee -a "$LOG_FILE" >&2; }

# ---- conditions, referenced by name from WHEN= --------------------------------
cond_always() { return 0; }
cond_has_python() { [[ -n ${CHANGED_PY// } ]]; }
cond_has_shell() { [[ -n ${CHANGED_SH// } ]]; }
cond_on_main() { [[ $(git rev-parse --abbrev-ref HEAD) == main ]]; }

collect_changes() {
    local files
    files=$(git diff --cached --name-only --diff-filter=ACM 2>/dev/null || true)
    CHANGED_PY=$(printf '%s\n' "$files" | grep -E '\.py$' | tr '\n' ' ' || true)
    CHANGED_SH=$(printf '%s\n' "$files" | grep -E '\.(sh|bash)$' | tr '\n' ' ' || true)
    export CHANGED_PY CHANGED_SH
}

# read one hook file into HOOK_<KEY> variables
load_hook() {
    local file=$1 key value
    unset HOOK_STAGE HOOK_ORDER HOOK_RUN HOOK_WHEN HOOK_NAME
    HOOK_NAME=$(basename "$file" .hook)
    while IFS='=' read -r key value; do
        [[ -z $key || $key == \#* ]] && continue
        [[ $key =~ ^[A-Z_]+$ ]] || { say "bad key '$key' in $file"; continue; }
        printf -v "HOOK_${key}" '%s' "$value"
    done < "$file"
}

run_hook() {
    local cond_fn="cond_${HOOK_WHEN:-always}" var rc
    if ! declare -F "$cond_fn" >/dev/null; then
        say "$HOOK_NAME: unknown condition ${HOOK_WHEN}"
        return 1
    fi
    if ! "$cond_fn"; then
        say "$HOOK_NAME: skipped (${HOOK_WHEN})"
        return 0
    fi
    for var in HOOK_RUN; do
        [[ -n ${!var:-} ]] || { say "$HOOK_NAME: no $var"; return 1; }
    done
    say "$HOOK_NAME: $HOOK_RUN"
    [[ $DRY_RUN == 1 ]] && return 0
    eval "$HOOK_RUN"
    rc=$?
    [[ $rc -eq 0 ]] || say "$HOOK_NAME failed with $rc"
    return $rc
}

main() {
    if [[ -e $LOCK_FILE ]]; then
        say "another hook run is active ($(cat "$LOCK_FILE"))"
        exit 1
    fi
    echo $$ > "$LOCK_FILE"
    trap 'rm -f "$LOCK_FILE"' EXIT

    [[ -d $HOOK_DIR ]] || { say "no $HOOK_DIR, nothing to do"; exit 0; }
    collect_changes

    local entries=() f failed=0
    for f in "$HOOK_DIR"/*.hook; do
        [[ -e $f ]] || continue
        load_hook "$f"
        [[ ${HOOK_STAGE:-pre-commit} == "$STAGE" ]] || continue
        entries+=("$(printf '%03d' "${HOOK_ORDER:-50}") $f")
    done

    while read -r _ f; do
        [[ -n ${f:-} ]] || continue
        load_hook "$f"
        run_hook || failed=$((failed + 1))
    done < <(printf '%s\n' "${entries[@]}" | sort)

    say "stage $STAGE: ${#entries[@]} hooks, $failed failed"
    [[ $failed -eq 0 ]]
}

main "$@"
