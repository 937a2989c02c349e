#!/usr/bin/env bash
# jobfile_runner.sh - run the command templates listed in a jobs file over a
# set of inputs.  Grew out of:   cat inputs | xargs -I{} sh -c "$TEMPLATE"
#
# jobs file format (one per line, '#' comments allowed):
#   name | template using {} for the input | inputs-glob
# e.g.
#   thumbs | convert {} -resize 256x256 thumbs/$(basename {}) | photos/*.jpg
#   lint   | shellcheck -f gcc {}                            | scripts/*.sh
set -uo pipefail

JOBS_FILE="${1:-jobs.txt}"
ONLY="${2:-}"
LOCK=/tmp/jobfile_runner.lock
RUNLOG=/tmp/jobfile_runner.log
PARALLEL="${PARALLEL:-4}"

ts() { date '+%F %T'; }
say() { echo "$(ts) $*" | tee -a "$RUNLOG" >&2; }

if [[ ! -r "$JOBS_FILE" ]]; then
    echo "usage: $0 [jobs-file] [only-job-name]" >&2
    exit 2
fi

# crude single-instance guard
if [[ -e "$LOCK" ]] && kill -0 "$(cat "$LOCK")" 2>/dev/null; then
    say "another run is active (pid $(cat "$LOCK"))"
    exit 1
fi
echo $$ > "$LOCK"
trap 'rm -f "$LOCK"' EXIT

trim() { local s="$1"; s="${s#"${s%%[![:space:]]*}"}"; printf '%s' "${s%"${s##*[![:space:]]}"}"; }

run_one() {
    # $1 = template, $2 = input path
    local tpl="$1" input="$2" cmd
    cmd="${tpl//\{\}/$(printf '%q' "$input")}"
    say "  -> $cmd"
    eval "$cmd"
}
export -f run_one say ts
export RUNLOG

ok=0; failed=0
while IFS='|' read -r name template glob; do
    name=$(trim "$name")
    [[ -z "$name" || "$name" == \#* ]] && continue
    [[ -n "$ONLY" && "$name" != "$ONLY" ]] && continue
    template=$(trim "$template")
    glob=$(trim "${glob:-}")

    say "job '$name'"
    # expand the glob relative to the jobs file directory
    mapfile -t inputs < <(cd "$(dirname "$JOBS_FILE")" && compgen -G "$glob" || true)
    if (( ${#inputs[@]} == 0 )); then
        say "  no inputs match '$glob', running template once"
        if eval "$template"; then ok=$((ok+1)); else failed=$((failed+1)); fi
        continue
    fi

    if printf '%s\0' "${inputs[@]}" \
        | xargs -0 -P "$PARALLEL" -I{} bash -c 'run_one "$1" "$2"' _ "$template" {}; then
        ok=$((ok+1))
        say "  '$name' finished (${#inputs[@]} inputs)"
    else
        failed=$((failed+1))
        say "  '$name' had failures"
    fi
done < "$JOBS_FILE"

say "done: $ok job(s) ok, $failed failed"
(( failed == 0 ))
