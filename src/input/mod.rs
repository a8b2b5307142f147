//! Reading the files a user names (workloads, sessions): regular files only,
//! of bounded size, so that `/dev/zero` or a FIFO fails at once with a clear
//! message instead of eating memory or blocking forever. Writing what tirtui
//! produces goes through `write` (the same rules the other way round).
//!
//! May use: nothing (a leaf).

pub mod write;

use std::fs::File;
use std::io::{Error, ErrorKind, Read};
use std::path::Path;

/// The largest workload or session tirtui reads (real ones are a few KiB).
pub const MAX_INPUT_BYTES: u64 = 16 << 20;

/// Reads a UTF-8 text file (a leading byte-order mark is dropped). Errors are
/// `io::Error`s whose message says what is wrong, for "cannot read PATH: ...".
pub fn read_text(path: &Path) -> Result<String, Error> {
    // Checked before opening: opening a FIFO for reading blocks until a writer comes.
    check_regular(&std::fs::metadata(path)?)?;
    let file = File::open(path)?;
    // And again on what was opened, in case the path changed in between.
    let meta = file.metadata()?;
    check_regular(&meta)?;
    let mut bytes = Vec::with_capacity(meta.len().min(MAX_INPUT_BYTES) as usize);
    file.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(Error::new(
            ErrorKind::InvalidData,
            format!(
                "the file is larger than {} MiB, the most tirtui reads",
                MAX_INPUT_BYTES >> 20
            ),
        ));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        Error::new(
            ErrorKind::InvalidData,
            format!(
                "the file is not UTF-8 text (invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

fn check_regular(meta: &std::fs::Metadata) -> Result<(), Error> {
    if meta.is_file() {
        return Ok(());
    }
    let kind = kind_of(meta);
    Err(Error::new(
        ErrorKind::InvalidInput,
        format!("it is {kind}, not a regular file; tirtui reads workloads and sessions from regular files only"),
    ))
}

pub(crate) fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_devices_and_directories() {
        #[cfg(unix)]
        {
            let e = read_text(Path::new("/dev/zero")).unwrap_err();
            assert!(e.to_string().contains("a character device"), "{e}");
        }
        let e = read_text(Path::new(".")).unwrap_err();
        assert!(e.to_string().contains("a directory"), "{e}");
    }

    #[test]
    fn drops_a_byte_order_mark_and_refuses_invalid_utf8() {
        let dir = std::env::temp_dir().join(format!("tirtui-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bom = dir.join("bom.txt");
        std::fs::write(&bom, "\u{feff}tirtui: 1\n").unwrap();
        assert_eq!(read_text(&bom).unwrap(), "tirtui: 1\n");
        let bad = dir.join("bad.txt");
        std::fs::write(&bad, b"ab\xffcd").unwrap();
        let e = read_text(&bad).unwrap_err();
        assert!(e.to_string().contains("offset 2"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
