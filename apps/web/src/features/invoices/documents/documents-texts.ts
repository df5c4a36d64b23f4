/**
 * Texts of the invoice documents and record sections. The spec names the actions (spec 2 §1, §4)
 * but gives no wording for their buttons, dialogs or results (§8: "not shown"), so these are ours.
 */
export const DOC_TEXT = {
  sign: 'Sign',
  signTitle: (id: number) => `Signature for invoice ${id}`,
  signSave: 'Save signature',
  signEmpty: 'Draw or type a signature first.',
  signed: 'Signature saved',
  viewPdf: 'View PDF',
  pdfReady: 'PDF ready',
  keepPdf: 'Save PDF',
  pdfKept: 'PDF saved to the PDFs list',
  sendInvoice: 'Send invoice',
  sendInvoiceTitle: 'Send the invoice by e-mail',
  sent: (to: string) => `Invoice e-mailed to ${to}`,
  doNotEmail: 'The customer asked not to be e-mailed.',
  noEmail: 'The customer has no e-mail address; enter one.',
  sendTechText: 'Send tech text',
  techTextTitle: 'Send a tech text to the customer',
  techTextHint: 'Leave the message empty to send the brand’s tech text template.',
  techTextSent: 'Tech text sent',
  doNotText: 'The customer asked not to be texted.',
  noPhone: 'The customer has no phone number.',
} as const;
