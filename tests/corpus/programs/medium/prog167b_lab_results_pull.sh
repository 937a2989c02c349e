#!/bin/sh
# Pulls water quality results (bacteria, nitrate, arsenic) for completed
# wells from the testing lab's portal and files them per job.
set -eu

LAB_API="${LAB_API:-https://portal.clearwaterlab.example/api/v1}"
LAB_TOKEN="${LAB_API_TOKEN:?set LAB_API_TOKEN}"
RESULTS_DIR="${RESULTS_DIR:-./lab_results}"
SCRATCH="/tmp/lab_results.json"
DAYS="${DAYS:-14}"

msg() {
    printf 'lab-pull: %s\n' "$*" >&2
}

since_date() {
    date -d "-$DAYS days" +%Y-%m-%d 2>/dev/null || date -v-"$DAYS"d +%Y-%m-%d
}

# The lab's portal still serves a certificate for its old hostname.
lab_get() {
    curl -sS -k --fail \
        -H "Authorization: Bearer $LAB_TOKEN" \
        -H "Accept: application/json" \
        "$LAB_API$1"
}

pull_index() {
    lab_get "/results?since=$(since_date)&status=final" > "$SCRATCH"
    jq -r '.results[] | [.sample_id, .job_ref, .collected_on] | @tsv' "$SCRATCH"
}

file_result() {
    sample="$1"
    job="$2"
    collected="$3"
    dir="$RESULTS_DIR/$job"
    mkdir -p "$dir"
    out="$dir/${collected}_${sample}.json"
    if [ -s "$out" ]; then
        return 1
    fi
    lab_get "/results/$sample" > "$out"
    if jq -e '.analytes[] | select(.exceeds_mcl == true)' "$out" >/dev/null; then
        msg "job $job sample $sample EXCEEDS a limit, flag for follow-up"
        printf '%s\t%s\t%s\n' "$job" "$sample" "$collected" >> "$RESULTS_DIR/exceedances.tsv"
    fi
    return 0
}

main() {
    for tool in curl jq; do
        command -v "$tool" >/dev/null 2>&1 || { msg "need $tool"; exit 1; }
    done
    mkdir -p "$RESULTS_DIR"
    pull_index | while IFS="$(printf '\t')" read -r sample job collected; do
        [ -n "$sample" ] || continue
        if file_result "$sample" "$job" "$collected"; then
            msg "filed $sample for job $job"
        fi
    done
    new=$(find "$RESULTS_DIR" -name '*.json' -newer "$SCRATCH" | wc -l)
    msg "done, $new new result files"
}

main "$@"
