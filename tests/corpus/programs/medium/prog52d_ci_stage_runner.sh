#!/usr/bin/env bash
# Assemble the CI stages listed in .ci/stages.conf into one shell script and
# run it. The assembled script is kept at a fixed path so a failing job can
# be re-run by hand with `bash /tmp/ci_pipeline_stage.sh`.
set -uo pipefail

CONF="${CI_STAGES:-.ci/stages.conf}"
STAGE_SCRIPT="/tmp/ci_pipeline_stage.sh"
REPORT_DIR="${REPORT_DIR:-reports}"
ONLY_STAGE="${1:-}"

log()  { printf '%s [ci] %s\n' "$(date +%H:%M:%S)" "$*"; }
fail() { log "FATAL: $*"; exit 2; }

[[ -f "$CONF" ]] || fail "stage config $CONF missing"
mkdir -p "$REPORT_DIR"

declare -a names=() cmds=()
# conf lines look like:  lint | ruff check src tests
while IFS='|' read -r name cmd; do
    name="${name//[[:space:]]/}"
    [[ -z "$name" || "$name" == \#* ]] && continue
    if [[ -n "$ONLY_STAGE" && "$name" != "$ONLY_STAGE" ]]; then
        continue
    fi
    names+=("$name")
    cmds+=("${cmd# }")
done < "$CONF"

(( ${#names[@]} )) || fail "no stages selected"

build_script() {
    printf '#!/usr/bin/env bash\n'
    printf '# assembled from %s at %s\n' "$CONF" "$(date -u +%FT%TZ)"
    printf 'set -e\ncd %q\n' "$PWD"
    local i
    for i in "${!names[@]}"; do
        printf '\necho "::group::%s"\n' "${names[$i]}"
        printf '%s 2>&1 | tee %q\n' "${cmds[$i]}" "$REPORT_DIR/${names[$i]}.log"
        printf 'echo "::endgroup::"\n'
    done
}

build_script > "$STAGE_SCRIPT"
chmod 0644 "$STAGE_SCRIPT"
log "wrote ${#names[@]} stage(s) to $STAGE_SCRIPT"

start=$SECONDS
if bash "$STAGE_SCRIPT"; then
    status=0
    log "all stages passed in $((SECONDS - start))s"
else
    status=$?
    log "pipeline failed (exit $status); rerun with: bash $STAGE_SCRIPT"
fi

summary="$REPORT_DIR/summary.txt"
{
    printf 'stages: %s\n' "${names[*]}"
    printf 'status: %d\n' "$status"
    printf 'duration: %ds\n' "$((SECONDS - start))"
} > "$summary"
log "summary at $summary"
exit "$status"
