//! A pack loaded twice is recognised by its id, version and question ids.

use fermi_bank::builtin;

#[test]
fn the_same_pack_and_its_near_misses() {
    let pack = builtin();
    assert!(pack.same_as(&pack.clone()));
    let mut newer = pack.clone();
    newer.info.version += 1;
    assert!(!pack.same_as(&newer));
    let mut renamed = pack.clone();
    renamed.info.id = "other".into();
    assert!(!pack.same_as(&renamed));
    let mut fewer = pack.clone();
    fewer.questions.pop();
    assert!(!pack.same_as(&fewer));
    let mut reordered = pack.clone();
    reordered.questions.swap(0, 1);
    assert!(!pack.same_as(&reordered));
}
