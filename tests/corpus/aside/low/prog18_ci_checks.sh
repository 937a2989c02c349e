#!/usr/bin/env bash
# CI entry point: lint, tests with coverage, and a wheel in dist/. Artifacts
# stay in the workspace for the CI system to collect.
set -euo pipefail

PYTHON=${PYTHON:-python3}
ARTIFACTS=${ARTIFACTS:-artifacts}

rm -rf "$ARTIFACTS" dist build
mkdir -p "$ARTIFACTS"

echo "::group::lint"
"$PYTHON" -m ruff check src tests | tee "$ARTIFACTS/lint.txt"
echo "::endgroup::"

echo "::group::tests"
"$PYTHON" -m pytest -q --cov=src --cov-report=xml:"$ARTIFACTS/coverage.xml" tests
echo "::endgroup::"

echo "::group::build"
"$PYTHON" -m build --wheel --outdir dist
sha256sum dist/*.whl > "$ARTIFACTS/SHA256SUMS"
echo "::endgroup::"

if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  {
    echo "### Build"
    echo
    ls -l dist
  } >> "$GITHUB_STEP_SUMMARY"
fi
