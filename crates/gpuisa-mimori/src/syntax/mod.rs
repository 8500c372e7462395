//! MIMORI assembly syntax (see docs/mimori.md): [`print`] turns an [`Inst`](crate::inst::Inst) into
//! text, [`parse`] turns text back into instruction words with diagnostics.

pub mod parse;
pub mod print;
