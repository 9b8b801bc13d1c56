-- Payment vouchers already attached to orders become private files (served only to staff allowed to see the order).
UPDATE stored_file SET kind = 'voucher'
WHERE kind = 'image'
  AND '/api/v1/files/' || id IN (SELECT unnest(voucher_urls) FROM sales_order)
  AND '/api/v1/files/' || id NOT IN (SELECT cover_url FROM product_spu UNION ALL SELECT unnest(slider_urls) FROM product_spu);
