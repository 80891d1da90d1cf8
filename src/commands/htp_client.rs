//! A client for external HTP engines.
