#!/usr/bin/env bash
# Unpack the gamma camera daily QC exports (tar.gz archives copied off the
# acquisition console by USB) and summarise integral / differential
# uniformity per detector head, flagging values outside tolerance.
set -uo pipefail

INCOMING="${1:-./incoming/qc}"
STAGE="/tmp/gc_qc_unpack"
SUMMARY="./qc_summary_$(date +%Y%m%d).csv"
IU_LIMIT="${IU_LIMIT:-5.0}"
DU_LIMIT="${DU_LIMIT:-3.5}"
LOGFILE="./qc_unpack.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE" >&2; }

if [[ ! -d "$INCOMING" ]]; then
  log "incoming directory $INCOMING does not exist"
  exit 1
fi

archives=$(find "$INCOMING" -maxdepth 1 -name '*.tar.gz' | sort)
if [[ -z "$archives" ]]; then
  log "no QC archives to process"
  exit 0
fi

rm -rf "$STAGE"
mkdir -p "$STAGE"
log "staging in $STAGE"

count=0
while IFS= read -r archive; do
  dest="$STAGE/$(basename "$archive" .tar.gz)"
  mkdir -p "$dest"
  if QC_ARCHIVE="$archive" QC_DEST="$dest" python3 - <<'PY'
import os, sys, tarfile
src, dest = os.environ["QC_ARCHIVE"], os.environ["QC_DEST"]
try:
    with tarfile.open(src, "r:gz") as tf:
        names = tf.getnames()
        tf.extractall(dest)
    print(f"{os.path.basename(src)}: {len(names)} members", file=sys.stderr)
except (tarfile.TarError, OSError) as exc:
    print(f"{src}: {exc}", file=sys.stderr)
    sys.exit(1)
PY
  then
    count=$((count + 1))
  else
    log "failed to unpack $archive"
  fi
done <<<"$archives"
log "unpacked $count archive(s)"

# Each export contains uniformity.csv: date,camera,head,cfov_iu,cfov_du,ufov_iu,ufov_du
mapfile -t uni_files < <(find "$STAGE" -name 'uniformity.csv' | sort)
log "found ${#uni_files[@]} uniformity file(s)"

UNI_FILES=$(printf '%s\n' "${uni_files[@]}") IU_LIMIT="$IU_LIMIT" DU_LIMIT="$DU_LIMIT" \
python3 - >"$SUMMARY" <<'PY'
import csv, os, sys
iu_lim, du_lim = float(os.environ["IU_LIMIT"]), float(os.environ["DU_LIMIT"])
out = csv.writer(sys.stdout)
out.writerow(["date", "camera", "head", "ufov_iu", "ufov_du", "result"])
fails = 0
for path in filter(None, os.environ.get("UNI_FILES", "").splitlines()):
    with open(path, newline="") as fh:
        for r in csv.DictReader(fh):
            try:
                iu, du = float(r["ufov_iu"]), float(r["ufov_du"])
            except (KeyError, ValueError):
                print(f"{path}: bad row {r}", file=sys.stderr)
                continue
            ok = iu <= iu_lim and du <= du_lim
            fails += not ok
            out.writerow([r.get("date"), r.get("camera"), r.get("head"), iu, du, "PASS" if ok else "FAIL"])
print(f"{fails} head(s) out of tolerance", file=sys.stderr)
PY

log "summary written to $SUMMARY"
if grep -q ',FAIL$' "$SUMMARY"; then
  log "ATTENTION: uniformity failures present - notify the physicist before clinical use"
  grep ',FAIL$' "$SUMMARY" | tee -a "$LOGFILE" >&2
fi
