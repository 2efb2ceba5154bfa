#!/usr/bin/env bash
# npm audit of production dependencies: fails on any high or critical advisory. Where the registry offers no
# audit endpoint (some mirrors answer 405), it says so and does not fail: there is nothing to judge.
set -uo pipefail
out=$(npm audit --omit=dev --audit-level=high 2>&1)
code=$?
echo "$out" | grep -v 'Unknown user config'
if [ $code -ne 0 ] && echo "$out" | grep -q 'audit endpoint returned an error'; then
  echo "npm audit: the registry has no audit endpoint here; skipped."
  exit 0
fi
exit $code
