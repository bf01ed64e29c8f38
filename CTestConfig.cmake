# CTestConfig.cmake - where 'ctest -D Nightly' (and Experimental, Continuous) submits: a CDash
# server.  include(CTest) reads this file at configure time into BUILD/DartConfiguration.tcl;
# 'ctest -S scripts/ctest-nightly.cmake' reads it too.  Nothing is submitted anywhere unless a
# dashboard target (-D Nightly, -D Experimental, ...) or the dashboard script is run.
#
# Point it at your server when configuring:
#   cmake -S . -B build -DRCOSIM_CDASH_URL="https://cdash.example.org/submit.php?project=rcosim"
# or with the environment variable RCOSIM_CDASH_URL.  See docs/regression.md.
set(CTEST_PROJECT_NAME "rcosim")
set(CTEST_NIGHTLY_START_TIME "01:00:00 UTC")

if(DEFINED RCOSIM_CDASH_URL AND NOT RCOSIM_CDASH_URL STREQUAL "")
  set(CTEST_SUBMIT_URL "${RCOSIM_CDASH_URL}")
elseif(DEFINED ENV{RCOSIM_CDASH_URL} AND NOT "$ENV{RCOSIM_CDASH_URL}" STREQUAL "")
  set(CTEST_SUBMIT_URL "$ENV{RCOSIM_CDASH_URL}")
else()
  # A placeholder: submissions to it fail (the rest of the dashboard still runs).
  set(CTEST_SUBMIT_URL "https://cdash.invalid/submit.php?project=rcosim")
endif()
set(CTEST_DROP_SITE_CDASH TRUE)

# The dashboard's update step only records the checked-out revision; it never pulls into the
# working tree (CI has checked out already).  Configure with -DCTEST_UPDATE_VERSION_ONLY=OFF to
# let 'ctest -D Nightly' update the tree from its upstream.
if(NOT DEFINED CTEST_UPDATE_VERSION_ONLY)
  set(CTEST_UPDATE_VERSION_ONLY ON)
endif()
