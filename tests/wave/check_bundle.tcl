# check_bundle.tcl - run by GTKWave (gtkwave -S) on a failure bundle: writes the primary marker,
# the view (start and end time), and every displayed signal's value and flags at the marker to $RCOSIM_GTKW_OUT,
# then quits.  tests/wave/wave_test.py checks what it wrote.
set out [open $::env(RCOSIM_GTKW_OUT) w]
puts $out "dumpfile [gtkwave::getDumpFileName]"
puts $out "marker [gtkwave::getMarker]"
puts $out "start [gtkwave::getWindowStartTime]"
puts $out "end [gtkwave::getWindowEndTime]"
puts $out "traces [gtkwave::getTotalNumTraces]"
foreach s [gtkwave::getDisplayedSignals] {
    puts $out "sig $s [gtkwave::getTraceValueAtMarkerFromName $s] [gtkwave::getTraceFlagsFromName $s]"
}
close $out
gtkwave::/File/Quit
