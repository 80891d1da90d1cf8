//! Installing the network for the search: once per process, and a second try says why it is refused.

use hextoe_core::ai::hex::knowledge::predictor::installed;
use hextoe_nn::predictor::install_shipped;

#[test]
fn the_network_installs_once_and_a_second_install_is_refused_with_a_reason() {
    assert!(installed().is_none(), "nothing is installed before the program asks");
    let name = install_shipped().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(installed().map(|p| p.name().to_string()), Some(name));
    let again = install_shipped().err().unwrap_or_default();
    assert!(again.contains("another move predictor was installed first"), "{again}");
}
